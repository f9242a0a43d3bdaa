/** After a client-side navigation, moves a lost focus to the new page's main region. */
import { useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * A client-side navigation that removes the focused element (the "Next" button of a checkout
 * step, a link in the old page) drops focus on the document body, and a keyboard user's next Tab
 * starts from nowhere. Focus then moves to the new page's main region, so Tab carries on from the
 * top of the new content. Focus that survives the navigation (the header's search box, a header
 * link) stays where it is. A layout effect, so focus has moved before the new page is painted.
 */
export function useFocusAfterNavigation(mainId: string) {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useLayoutEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    document.getElementById(mainId)?.focus({ preventScroll: true });
  }, [pathname, mainId]);
}
