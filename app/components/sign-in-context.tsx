import { createContext, useContext, useMemo, useState, type ReactNode } from "react";
import { SignInDialog } from "./sign-in-dialog";

const SignInContext = createContext<{ openSignIn: () => void } | null>(null);

/** One sign-in modal for the whole page, opened from anywhere that needs a signed-in user. */
export function SignInProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const value = useMemo(() => ({ openSignIn: () => setOpen(true) }), []);
  return (
    <SignInContext.Provider value={value}>
      {children}
      <SignInDialog open={open} onOpenChange={setOpen} />
    </SignInContext.Provider>
  );
}

export function useSignIn() {
  const context = useContext(SignInContext);
  if (!context) throw new Error("useSignIn must be used inside <SignInProvider>");
  return context;
}
