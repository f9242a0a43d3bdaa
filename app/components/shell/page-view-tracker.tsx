/** Reports each page view to our own server, with no cookie and no identifier. */
import { useEffect } from "react";
import { useLocation } from "react-router";

export const PAGE_VIEW_ENDPOINT = "/api/page-views";

/**
 * Reports each page view, path plus query string, to our own server (R-AN-01/02). The effect runs
 * once per distinct location, including the first load and query-only changes such as the
 * listing's search sync; re-renders and #hash jumps send nothing. No cookie, no identifier
 * nothing to consent to).
 */
export function PageViewTracker() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const body = JSON.stringify({ path: `${pathname}${search}` });
    // sendBeacon survives the page being closed; fetch with keepalive is the fallback.
    if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(PAGE_VIEW_ENDPOINT, body)) return;
    fetch(PAGE_VIEW_ENDPOINT, { method: "POST", body, keepalive: true }).catch((error: unknown) => {
      console.warn("Page view not recorded", error);
    });
  }, [pathname, search]);
  return null;
}
