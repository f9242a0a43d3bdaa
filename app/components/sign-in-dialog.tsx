import { Link } from "react-router";
import { EXTERNAL, SITE } from "~/content/links";
import { Dialog } from "./ui/dialog";
import { buttonClass } from "./ui/button";

/**
 * Accounts are not built yet (issue 4): this says so plainly instead of pretending to sign anyone in.
 */
export function SignInDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Accounts are coming soon"
      description="Signing in isn't available yet, so favourites, lists and checkout are not open. You can still browse every product and price an order."
    >
      <div className="mt-5 flex flex-col gap-2">
        <a href={SITE.bookingUrl} {...EXTERNAL} className={buttonClass("primary")}>
          Book a 15-minute call for a quote
        </a>
        <a href={`mailto:${SITE.supportEmail}`} className={buttonClass("secondary")}>
          Email {SITE.supportEmail}
        </a>
        <Link to="/products" onClick={() => props.onOpenChange(false)} className={buttonClass("ghost")}>
          Keep browsing
        </Link>
      </div>
    </Dialog>
  );
}
