import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

/**
 * "Now" for date estimates: the server's clock while rendering, the browser's once hydrated,
 * so the first paint matches the server HTML and the estimate then follows the visitor's clock.
 */
export function useNow(): Date {
  const serverNow = useRouteLoaderData<typeof rootLoader>("root")?.now;
  const [now, setNow] = useState(() => serverNow ?? Date.now());
  useEffect(() => setNow(Date.now()), []);
  return new Date(now);
}
