/** The footer's charity popover, opened by hover or by click or tap, and fetched only when first wanted. */
import * as Popover from "@radix-ui/react-popover";
import { useEffect, useRef } from "react";
import { EXTERNAL, SITE } from "~/content/links";
import { ABOUT_PAGE } from "~/content/about-page";
import { CHARITY_TRIGGER_CLASS, charityTriggerText } from "./charity-trigger";

/**
 * The footer's charity popover (R-FOOT-06). Loaded on the first hover, focus or click of its trigger
 * (footer.tsx), so Radix's popover is not part of every page's first download.
 */
export default function CharityPopover(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onHoverOpen: () => void;
  onHoverClose: () => void;
  /** This trigger replaces the placeholder the visitor was focused on. */
  takeFocus: boolean;
  /** The business's pledge, e.g. "5% of our profits". */
  pledge: string;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  const takeFocus = useRef(props.takeFocus);
  // Only the swap that mounted this component moves focus; later renders leave it where it is.
  useEffect(() => {
    if (takeFocus.current) trigger.current?.focus();
  }, []);
  return (
    <Popover.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Popover.Trigger
        ref={trigger}
        className={CHARITY_TRIGGER_CLASS}
        onMouseEnter={props.onHoverOpen}
        onMouseLeave={props.onHoverClose}
      >
        {charityTriggerText(props.pledge)}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          sideOffset={8}
          onMouseEnter={props.onHoverOpen}
          onMouseLeave={props.onHoverClose}
          className="z-50 w-72 rounded-xl bg-white p-4 text-sm text-ink shadow-xl"
        >
          <p>{ABOUT_PAGE.givingIntro(props.pledge)}</p>
          <ul className="mt-2 space-y-1">
            {SITE.charities.map((charity) => (
              <li key={charity.url}>
                <a className="font-semibold text-brand underline" href={charity.url} {...EXTERNAL}>
                  {charity.name}
                </a>
              </li>
            ))}
          </ul>
          <Popover.Arrow className="fill-white" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
