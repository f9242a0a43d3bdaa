/** The home page's scrolling strip of client logos, shown only when the operator has configured some. */
import { useCallback, useState } from "react";
import { CLIENTS } from "~/content/home";
import type { ClientLogo } from "~/domain/people/business-showcase";
import { MotionToggle, usePausedMotion } from "./motion-toggle";

/**
 * R-HOME-02: a scrolling strip of the client logos the operator configured with permission (decision 024);
 * with none, nothing at all. The list is rendered twice and the track slides by
 * half its width (the `marquee` keyframes), so the loop is seamless; the copy is hidden from
 * assistive technology. It pauses on hover or with the button, and stands still for reduced motion.
 */
export function ClientLogoMarquee({ logos }: { logos: readonly ClientLogo[] }) {
  const [paused, setPaused] = usePausedMotion();
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const markFailed = useCallback(
    (src: string) => setFailed((current) => (current.has(src) ? current : new Set(current).add(src))),
    [],
  );

  if (logos.length === 0) return null;
  return (
    <section aria-labelledby="home-clients-heading" className="border-y border-slate-200 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-10">
        <div className="flex items-center justify-between gap-4">
          <h2 id="home-clients-heading" className="text-sm font-semibold uppercase tracking-wide text-muted">
            {CLIENTS.heading}
          </h2>
          <MotionToggle
            label={CLIENTS.pauseLabel}
            paused={paused}
            onToggle={() => setPaused(!paused)}
            className="motion-reduce:hidden"
          />
        </div>
        <div className="mt-6 overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_8%,black_92%,transparent)]">
          <div
            className={`flex w-max animate-[marquee_40s_linear_infinite] hover:[animation-play-state:paused] motion-reduce:w-full motion-reduce:animate-none ${
              paused ? "[animation-play-state:paused]" : ""
            }`}
          >
            <LogoList logos={logos} failed={failed} onFail={markFailed} label={CLIENTS.listLabel} />
            <LogoList logos={logos} failed={failed} onFail={markFailed} duplicate />
          </div>
        </div>
      </div>
    </section>
  );
}

function LogoList(props: {
  logos: readonly ClientLogo[];
  failed: ReadonlySet<string>;
  onFail: (src: string) => void;
  label?: string;
  duplicate?: boolean;
}) {
  return (
    <ul
      aria-label={props.label}
      aria-hidden={props.duplicate ? true : undefined}
      className={`flex shrink-0 items-center ${
        props.duplicate
          ? "motion-reduce:hidden"
          : "motion-reduce:w-full motion-reduce:flex-wrap motion-reduce:justify-center motion-reduce:gap-y-4"
      }`}
    >
      {props.logos.map((logo) => (
        <li key={logo.src} className="flex h-12 shrink-0 items-center justify-center px-8">
          {props.failed.has(logo.src) ? (
            <span className="min-w-36 text-center text-lg font-extrabold tracking-widest text-muted">
              {logo.name.toUpperCase()}
            </span>
          ) : (
            <LogoImage logo={logo} decorative={props.duplicate === true} onFail={props.onFail} />
          )}
        </li>
      ))}
    </ul>
  );
}

function LogoImage(props: { logo: ClientLogo; decorative: boolean; onFail: (src: string) => void }) {
  const { logo, onFail } = props;
  // An image that failed before hydration never fires React's onError, so look once on mount.
  const checkAlreadyFailed = useCallback(
    (img: HTMLImageElement | null) => {
      if (img?.complete && img.naturalWidth === 0) onFail(logo.src);
    },
    [logo.src, onFail],
  );
  return (
    <img
      ref={checkAlreadyFailed}
      src={logo.src}
      alt={props.decorative ? "" : logo.name}
      height={40}
      loading="lazy"
      decoding="async"
      onError={() => onFail(logo.src)}
      className="h-10 w-auto max-w-48 object-contain opacity-80 grayscale"
    />
  );
}
