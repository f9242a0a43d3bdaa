import { createContext, useContext, useMemo, useState, type ReactNode } from "react";
import { SignInDialog } from "./sign-in-dialog";

const SignInContext = createContext<{ openSignIn: (reason?: string) => void } | null>(null);

/** One sign-in modal for the whole page, opened from anywhere that needs a signed-in user. */
export function SignInProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<string | undefined>();
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
      <SignInDialog open={open} onOpenChange={setOpen} reason={reason} />
    </SignInContext.Provider>
  );
}

export function useSignIn() {
  const context = useContext(SignInContext);
  if (!context) throw new Error("useSignIn must be used inside <SignInProvider>");
  return context;
}
