import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import { sessionMiddleware, sessionOf, dbOf, appContextOf } from "~/server/accounts/request-context.server";
import { useNonce } from "./components/ui/nonce";
import { NotFound } from "./components/shell/not-found";
import type { RootData } from "./components/ui/root-data";
import { SiteShell } from "./components/shell/site-shell";
import { buttonClass } from "./components/ui/button";
import { CLAIMS } from "./content/claims";
import { publicBusiness } from "./domain/people/business-profile";
import { londonToday } from "./domain/core/dates";
import { setClosures } from "./domain/core/working-days";
import { priceModeFromCookie } from "./domain/pricing/price-mode";
import { promoClosed } from "./domain/pricing/promo";
import type { StaffNotice } from "./server/accounts/admin-access.server";
import { firstOrderOfferShown } from "./server/checkout/first-order-discount.server";
import { productRatings } from "./server/shop/reviews.server";
import { readCatalogue, shopCategories, shopClosuresOf } from "./server/catalogue/catalogue-store.server";
import { countCartLines, listFavouriteIds } from "./server/checkout/shopping.server";
import "./app.css";

/**
 * Every request's session is looked up once, by the first loader or action that asks (docs/decisions/011),
 * and every date its loaders and actions count skips the shop's current closures (decision 078).
 */
export const middleware: Route.MiddlewareFunction[] = [
  sessionMiddleware,
  async ({ context }, next) => {
    await readCatalogue(dbOf(context));
    return next();
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  const session = await sessionOf(context);
  return {
    // The first-order banner is closed by its cookie, and hidden from a person who has had the
    // discount by the rule that prices it.
    promoClosed:
      promoClosed(request.headers.get("Cookie")) ||
      !(await firstOrderOfferShown(db, session && { userId: session.user.id, accountId: session.accountId })),
    year: Number(londonToday(new Date()).slice(0, 4)),
    now: Date.now(),
    signedIn: session !== null,
    user: session ? { id: session.user.id, name: session.user.name, email: session.user.email } : null,
    favouriteIds: session ? await listFavouriteIds(db, { userId: session.user.id }) : [],
    cartCount: session ? await countCartLines(db, { userId: session.user.id }) : 0,
    business: publicBusiness(appContextOf(context).business),
    priceMode: priceModeFromCookie(request.headers.get("Cookie")),
    ratings: await productRatings(db),
    phoneSignIn: appContextOf(context).sms !== null,
    shopCategories: await shopCategories(db),
    closures: await shopClosuresOf(db),
  } satisfies RootData;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2c2adb" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="bg-white font-sans antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // Set before the page below renders, so the browser counts the working days the server counted.
  setClosures(loaderData.closures);
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

export function meta() {
  return [
    { title: "Swag Studio | Custom branded merch for teams, from London" },
    {
      name: "description",
      content: `Custom branded caps, apparel, diaries and more for teams and events. Tiered prices in GBP, MOQ from ${CLAIMS.moq}, delivery in ${CLAIMS.turnaround}.`,
    },
  ];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <SiteShell>
        <NotFound />
      </SiteShell>
    );
  }
  // A refusal its reader can fix, e.g. staff without two-step sign-in (admin-access.server.ts).
  const notice = isRouteErrorResponse(error) ? (error.data as Partial<StaffNotice> | null)?.notice : undefined;
  if (notice) {
    return (
      <SiteShell>
        <section className="mx-auto max-w-xl px-4 py-24 text-center">
          <h1 className="text-3xl font-extrabold">{notice.title}</h1>
          <p className="mt-3 text-muted">{notice.message}</p>
          <a href={notice.link.href} className={buttonClass("primary", "mt-8")}>
            {notice.link.label}
          </a>
        </section>
      </SiteShell>
    );
  }
  if (!isRouteErrorResponse(error)) console.error(error);
  // REQUIREMENTS.md A-60: a branded page instead of 'Unexpected Application Error!'.
  return (
    <SiteShell>
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-extrabold">Something went wrong</h1>
        <p className="mt-3 text-muted">
          {isRouteErrorResponse(error)
            ? `${error.status} ${error.statusText}`
            : "We hit an unexpected problem showing this page. Please try again."}
        </p>
        <div className="mt-8 flex justify-center gap-3">
          <button type="button" className={buttonClass("primary")} onClick={() => window.location.reload()}>
            Reload
          </button>
          <a href="/" className={buttonClass("secondary")}>
            Home
          </a>
        </div>
      </section>
    </SiteShell>
  );
}
