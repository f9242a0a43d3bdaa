/** The "i" button's tooltip, reachable by hover, keyboard and touch. */
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from "react";

/** Tooltips open after 700 ms of hover (SPEC.md §9 library defaults); focus and tap open them at once. */
const HOVER_DELAY_MS = 700;
/** The gap kept between a tooltip and the edges of the window. */
const EDGE_PX = 8;

/**
 * A tooltip on a small "i" button, so it is reachable by keyboard and touch too. It follows WCAG 1.4.13:
 * the pointer can move onto it without it closing, Escape dismisses it, and it stays until then.
 * Written here rather than taken from Radix: Radix's positioning engine would add 13 kB to every
 * product page for three tooltips (the JavaScript budget in README.md).
 */
export function InfoTooltip({ label, content }: { label: string; content: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [shift, setShift] = useState(0);
  const id = useId();
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const bubble = useRef<HTMLSpanElement>(null);

  const show = () => setOpen(true);
  const hide = () => {
    clearTimeout(hoverTimer.current);
    setOpen(false);
  };
  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  // Keep the bubble inside the window on narrow screens: measure it once it is shown, then slide it.
  useLayoutEffect(() => {
    if (!open || !bubble.current) return setShift(0);
    const { left, right } = bubble.current.getBoundingClientRect();
    const overflowRight = right - (document.documentElement.clientWidth - EDGE_PX);
    setShift(left < EDGE_PX ? EDGE_PX - left : overflowRight > 0 ? -overflowRight : 0);
  }, [open]);

  return (
    <span
      className="relative inline-flex"
      onPointerEnter={(event) => {
        if (event.pointerType !== "mouse") return;
        clearTimeout(hoverTimer.current);
        hoverTimer.current = setTimeout(show, HOVER_DELAY_MS);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === "mouse") hide();
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) hide();
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          hide();
        }
      }}
    >
      <button
        type="button"
        aria-label={label}
        aria-describedby={open ? id : undefined}
        aria-expanded={open}
        onFocus={show}
        onClick={() => setOpen((was) => !was)}
        className="inline-flex h-5 w-5 items-center justify-center rounded-full border border-slate-400 text-xs font-bold text-muted"
      >
        i
      </button>
      {open ? (
        <span
          ref={bubble}
          id={id}
          role="tooltip"
          style={{ transform: `translateX(calc(-50% + ${shift}px))` }}
          className="absolute left-1/2 top-full z-50 mt-2 w-max max-w-64 rounded-lg bg-ink px-3 py-2 text-xs font-normal normal-case text-white shadow-lg"
        >
          {content}
        </span>
      ) : null}
    </span>
  );
}
