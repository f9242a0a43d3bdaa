/** "Now" for date estimates: the server's clock while rendering, then the browser's when it is on another day. */
import { useEffect, useState } from "react";
import { londonToday } from "~/domain/core/dates";
import { useRootData } from "./root-data";

/**
 * "Now" for date estimates: the server's clock while rendering, the browser's once hydrated, so the
 * first paint matches the server HTML and the estimate then follows the visitor's clock. Estimates
 * are by the day, so the browser's clock takes over only when it is on another day in London:
 * otherwise the page is not rendered a second time straight after hydrating (Total Blocking Time in README.md).
 */
export function useNow(): Date {
  const serverNow = useRootData()?.now;
  const [now, setNow] = useState(() => serverNow ?? Date.now());
  useEffect(() => {
    const browserNow = Date.now();
    setNow((current) => (londonToday(new Date(current)) === londonToday(new Date(browserNow)) ? current : browserNow));
  }, []);
  return new Date(now);
}
