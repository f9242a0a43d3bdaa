import { useEffect } from "react";
import { useLocation } from "react-router";
import { SignInPanel } from "./sign-in-panel";
import { Dialog } from "./ui/dialog";
import { useRootData } from "./root-data";

/** The sign-in modal; after signing in the user stays on the page they were on (R-AUTH-02). */
export default function SignInDialog(props: { onClose: () => void; reason?: string }) {
  const location = useLocation();
  const signedIn = useRootData()?.signedIn ?? false;
  const { onClose } = props;
  useEffect(() => {
    if (signedIn) onClose();
  }, [signedIn, onClose]);

  return (
    <Dialog
      onClose={props.onClose}
      title="Sign in"
      description={props.reason ?? "Sign in to keep favourites, lists and your cart, and to check out."}
    >
      <div className="mt-4">
        <SignInPanel redirectTo={location.pathname + location.search} />
      </div>
    </Dialog>
  );
}
