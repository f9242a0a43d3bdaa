/** Fetches a module the page can do without until it is first wanted, such as a dialog's code. */
import { useEffect, useState } from "react";

/**
 * Code the page can do without until it is wanted (a dialog's, the toasts'): fetches the module the
 * first time `wanted` is true, or `afterMs` later if `wanted` stays true that long, and returns it
 * once it has arrived, null before. Rendering what it returns needs no Suspense boundary, so nothing
 * waits on React's fallback timers (the JavaScript budget in README.md).
 */
export function useLoaded<T>(load: () => Promise<T>, wanted = true, afterMs = 0): T | null {
  const [loaded, setLoaded] = useState<{ module: T } | null>(null);
  const needed = wanted && loaded === null;
  useEffect(() => {
    if (!needed) return;
    let live = true;
    const fetchModule = () =>
      load().then(
        (module) => live && setLoaded({ module }),
        (error: unknown) => console.error("Could not load part of the page", error),
      );
    const stop = () => {
      live = false;
    };
    // No timer when there is nothing to wait for: a paused clock (the browser tests') would hold it.
    if (afterMs === 0) {
      fetchModule();
      return stop;
    }
    const timer = setTimeout(fetchModule, afterMs);
    return () => {
      stop();
      clearTimeout(timer);
    };
    // `load` and `afterMs` are constants at every call site, so only `needed` can change.
  }, [needed]);
  return loaded?.module ?? null;
}
