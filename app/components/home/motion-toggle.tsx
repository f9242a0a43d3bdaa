/** The pause and play button for the home page's moving parts, paused from the start for reduced motion. */
import { useEffect, useState } from "react";
import { useHydrated } from "../ui/use-hydrated";

/** Motion that starts by itself starts paused for people who asked their system for less motion. */
export function usePausedMotion() {
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) setPaused(true);
  }, []);
  return [paused, setPaused] as const;
}

/**
 * Pause / play for content that moves or changes on its own (WCAG 2.2.2). Disabled until hydration:
 * before then nothing moves and the button could not do anything.
 */
export function MotionToggle(props: { label: string; paused: boolean; onToggle: () => void; className?: string }) {
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      aria-pressed={props.paused}
      disabled={!hydrated}
      onClick={props.onToggle}
      title={props.label}
      className={`inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full border border-slate-300 bg-white text-muted hover:border-brand hover:text-brand disabled:opacity-50 ${props.className ?? ""}`}
    >
      <span className="sr-only">{props.label}</span>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor">
        {props.paused ? <path d="M8 5.5v13l10.5-6.5z" /> : <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />}
      </svg>
    </button>
  );
}
