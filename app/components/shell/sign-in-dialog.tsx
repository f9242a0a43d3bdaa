/** The sign-in modal, which keeps the visitor on their page or takes them where the opener asked. */
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { SignInPanel } from "./sign-in-panel";
import { Dialog } from "../ui/dialog";
import { useRootData } from "../ui/root-data";

/**
 * The sign-in modal; after signing in the user stays on the page they were on (R-AUTH-02), or goes
 * where the opener asked (a product page with its choices, docs/decisions/037).
 */
export default function SignInDialog(props: { onClose: () => void; reason?: string; redirectTo?: string }) {
  const location = useLocation();
  const signedIn = useRootData()?.signedIn ?? false;
  const { onClose } = props;
  useEffect(() => {
    if (signedIn) onClose();
  }, [signedIn, onClose]);
  // The modal lives above the routes, so a page change does not unmount it: any navigation from
  // it ("Create an account", "Forgot your password?") closes it.
  const [openedAt] = useState(location.key);
  useEffect(() => {
    if (location.key !== openedAt) onClose();
  }, [location.key, openedAt, onClose]);

  return (
    <Dialog
      onClose={props.onClose}
      title="Sign in"
      description={props.reason ?? "Sign in to keep favourites, lists and your cart, and to check out."}
    >
      <div className="mt-4">
        <SignInPanel redirectTo={props.redirectTo ?? location.pathname + location.search} onLeave={onClose} />
      </div>
    </Dialog>
  );
}
