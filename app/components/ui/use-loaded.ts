/** Fetches a module the page can do without until it is first wanted, such as a dialog's code. */
import { useEffect, useState } from "react";

/**
 * Code the page can do without until it is wanted (a dialog's, the toasts'): fetches the module the
 * first time `wanted` is true and returns it once it has arrived, null before. Rendering what it
 * returns needs no Suspense boundary, so nothing waits on React's fallback timers (the JavaScript budget in README.md).
 */
export function useLoaded<T>(load: () => Promise<T>, wanted = true): T | null {
  const [loaded, setLoaded] = useState<{ module: T } | null>(null);
  const needed = wanted && loaded === null;
  useEffect(() => {
    if (!needed) return;
    let live = true;
    load().then(
      (module) => live && setLoaded({ module }),
      (error: unknown) => console.error("Could not load part of the page", error),
    );
    return () => {
      live = false;
    };
    // `load` is a module-level constant at every call site, so only `needed` can change.
  }, [needed]);
  return loaded?.module ?? null;
}
