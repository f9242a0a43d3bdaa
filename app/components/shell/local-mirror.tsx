/** Keeps the browser's local storage in step with who is signed in: only their own copies, wiped on sign-out. */
import { useEffect } from "react";
import { isSessionKey, STORAGE_KEYS } from "~/domain/core/storage-keys";
import { useRootData } from "../ui/root-data";

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Removes every signed-in copy (all users'), keeping only what `keep` says (R-LS-04, A-19). */
export function wipeLocalCopies(keep: (key: string) => boolean = () => false) {
  const store = storage();
  if (!store) return;
  const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter((k): k is string => k !== null);
  for (const key of keys) if (isSessionKey(key) && !keep(key)) store.removeItem(key);
}

/** Mirrors a piece of the signed-in user's server data into local storage. */
export function useLocalMirror(key: string | null, value: unknown) {
  const json = JSON.stringify(value);
  useEffect(() => {
    if (key) storage()?.setItem(key, json);
  }, [key, json]);
}

/**
 * Keeps local storage in step with the session: a signed-out browser holds no one's favourites,
 * list, cart or drafts, and a signed-in one holds only its own user's.
 */
export function LocalMirror() {
  const root = useRootData();
  const userId = root?.user?.id ?? null;
  useEffect(() => {
    if (!root) return;
    wipeLocalCopies((key) => userId !== null && key.endsWith(`:${userId}`));
  }, [root, userId]);
  useLocalMirror(userId ? STORAGE_KEYS.favourites(userId) : null, root?.favouriteIds ?? []);
  // Lets browser tests wait for the page to be interactive before driving a paused clock.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}
