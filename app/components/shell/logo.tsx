/** The shop's logo: the mark and the wordmark. */
import { SITE } from "~/content/links";

export function Logo({ wordmarkClassName }: { wordmarkClassName?: string }) {
  return (
    <span className="flex items-center gap-2 text-lg font-extrabold tracking-tight text-ink">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
        <rect width="32" height="32" rx="9" fill="#2c2adb" />
        <path
          d="M9 20.5c1.3 1.6 3.6 2.5 6.3 2.5 3.5 0 5.7-1.6 5.7-4.1 0-5.2-10.4-3.2-10.4-7.2 0-1.3 1.3-2.3 3.6-2.3 2 0 3.6.7 4.8 1.9"
          fill="none"
          stroke="#fff"
          strokeWidth="2.6"
          strokeLinecap="round"
        />
      </svg>
      <span className={wordmarkClassName}>{SITE.name}</span>
    </span>
  );
}
