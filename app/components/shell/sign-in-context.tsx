/** The one sign-in modal of the page, and the hook that opens it from anywhere that needs a signed-in user. */
import { createContext, useContext, useMemo, useState, type ReactNode } from "react";
import { useLoaded } from "../ui/use-loaded";

/** The modal's code (and Radix's dialog) is fetched when it is first opened (the JavaScript budget in README.md). */
const loadDialog = () => import("./sign-in-dialog");

/** `redirectTo`: where signing in (or up) leads, when not back to this page as it is (R-AUTH-02). */
type OpenSignIn = (reason?: string, options?: { redirectTo?: string }) => void;

const SignInContext = createContext<{ openSignIn: OpenSignIn } | null>(null);

/** One sign-in modal for the whole page, opened from anywhere that needs a signed-in user. */
export function SignInProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<string | undefined>();
  const [redirectTo, setRedirectTo] = useState<string | undefined>();
  const SignInDialog = useLoaded(loadDialog, open)?.default;
  const value = useMemo(
    () => ({
      openSignIn: (why?: string, options?: { redirectTo?: string }) => {
        setReason(typeof why === "string" ? why : undefined);
        setRedirectTo(options?.redirectTo);
        setOpen(true);
      },
    }),
    [],
  );
  return (
    <SignInContext.Provider value={value}>
      {children}
      {open && SignInDialog ? (
        <SignInDialog onClose={() => setOpen(false)} reason={reason} redirectTo={redirectTo} />
      ) : null}
    </SignInContext.Provider>
  );
}

export function useSignIn() {
  const context = useContext(SignInContext);
  if (!context) throw new Error("useSignIn must be used inside <SignInProvider>");
  return context;
}
