/** Every browser-storage key the site uses, in one place (R-LS-01); per-user keys. */
export const STORAGE_KEYS = {
  favourites: (userId: string) => `swag:favourites:${userId}`,
  shoppingList: (userId: string) => `swag:shopping-list:${userId}`,
  /** The spec's generic cart key, for a cart without a user id; cleared on sign-out too. */
  cart: "swag:cart",
  userCart: (userId: string) => `swag:cart:${userId}`,
  drafts: (userId: string) => `swag:drafts:${userId}`,
  smsSignedUp: "swag:sms-signed-up",
  smsLastShown: "swag:sms-last-shown",
} as const;

/** Keys that belong to a signed-in session: everything but the SMS prompt's own memory. */
export function isSessionKey(key: string): boolean {
  return key.startsWith("swag:") && key !== STORAGE_KEYS.smsSignedUp && key !== STORAGE_KEYS.smsLastShown;
}

/** A stored JSON value, or the fallback when missing or corrupt (R-LS-06). */
export function parseStored<T>(text: string | null, isValid: (value: unknown) => value is T, fallback: T): T {
  if (text === null) return fallback;
  try {
    const value: unknown = JSON.parse(text);
    return isValid(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

export function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === "string");
}
