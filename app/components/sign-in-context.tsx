import { createContext, useContext, useMemo, useState, type ReactNode } from "react";
import { useLoaded } from "./use-loaded";

/** The modal's code (and Radix's dialog) is fetched when it is first opened (issue 3: JS budget). */
const loadDialog = () => import("./sign-in-dialog");

const SignInContext = createContext<{ openSignIn: (reason?: string) => void } | null>(null);

/** One sign-in modal for the whole page, opened from anywhere that needs a signed-in user. */
export function SignInProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<string | undefined>();
  const SignInDialog = useLoaded(loadDialog, open)?.default;
  const value = useMemo(
    () => ({
      openSignIn: (why?: string) => {
        setReason(typeof why === "string" ? why : undefined);
        setOpen(true);
      },
    }),
    [],
  );
  return (
    <SignInContext.Provider value={value}>
      {children}
      {open && SignInDialog ? <SignInDialog onClose={() => setOpen(false)} reason={reason} /> : null}
    </SignInContext.Provider>
  );
}

export function useSignIn() {
  const context = useContext(SignInContext);
  if (!context) throw new Error("useSignIn must be used inside <SignInProvider>");
  return context;
}
