/** The per-request CSP nonce, which the root layout hands to its scripts. */
import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

/** The per-request CSP nonce; set on the server only (browsers hide it from the DOM after use). */
export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
