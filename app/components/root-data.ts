import { useRouteLoaderData } from "react-router";

/**
 * What the root loader (app/root.tsx) gives every page. Declared here, not inferred from the
 * loader, so components that read it do not import root.tsx, which imports them.
 */
export type RootData = {
  promoClosed: boolean;
  year: number;
  /** The server's clock when the page was made, so server and browser render the same dates. */
  now: number;
  signedIn: boolean;
  user: { id: string; name: string; email: string } | null;
  favouriteIds: string[];
  cartCount: number;
};

/** The root loader's data; undefined only where the root loader did not run (a broken root). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}
