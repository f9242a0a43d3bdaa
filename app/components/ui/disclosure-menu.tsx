/** A button that shows and hides a panel of links, as the header's navigation menus do. */
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useLocation } from "react-router";

/**
 * A button that shows and hides a panel of links: the disclosure pattern WAI-ARIA recommends for site
 * navigation (a `role="menu"` is for application commands). Escape closes it and returns focus to the
 * button; so do a click outside, focus leaving it, following one of its links, and navigating.
 * A few lines instead of Radix's menu, whose positioning engine would weigh on every page (the
 * JavaScript budget in README.md).
 */
export function DisclosureMenu(props: {
  /** The button's content; `open` lets it turn a chevron. */
  button: (open: boolean) => ReactNode;
  buttonLabel?: string;
  buttonClassName: string;
  panelClassName: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname, location.search, location.hash]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  return (
    <div
      ref={wrapper}
      className="relative"
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !open) return;
        event.stopPropagation();
        setOpen(false);
        button.current?.focus();
      }}
      onBlur={(event) => {
        if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-label={props.buttonLabel}
        aria-expanded={open}
        aria-controls={panelId}
        className={props.buttonClassName}
        onClick={() => setOpen((was) => !was)}
      >
        {props.button(open)}
      </button>
      <div
        id={panelId}
        hidden={!open}
        className={props.panelClassName}
        onClick={(event) => {
          if ((event.target as Element).closest("a")) setOpen(false);
        }}
      >
        {props.children}
      </div>
    </div>
  );
}
