/**
 * The frame of every page: promo banner, header, page, footer, and the SMS prompt and order notes
 * outside the checkout.
 */
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { isCheckoutPage } from "~/domain/checkout/checkout-pages";
import { Footer } from "./footer";
import { Header } from "./header";
import { LocalMirror } from "./local-mirror";
import { PageViewTracker } from "./page-view-tracker";
import { PromoBanner } from "./promo-banner";
import { SignInProvider } from "./sign-in-context";
import { ToastProvider } from "../ui/toast";
import { useFocusAfterNavigation } from "../ui/use-focus-after-navigation";
import { useLoaded } from "../ui/use-loaded";
import { useRootData } from "../ui/root-data";

// Neither is needed to render the page, so their code is fetched off its critical path, and only
// once the visitor is on a page that may show them: the SMS prompt's button once React has hydrated
// the page; the notes' code and feed 3 s before the earliest a first note is due (10 s).
const loadSmsPrompt = () => import("./sms-prompt");
const loadPurchaseNotifications = () => import("./purchase-notifications");
const NOTES_LOADED_AFTER_MS = 7_000;

/** Banner, sticky header, page, footer: the frame of every page, error pages included. */
export function SiteShell({ children }: { children: ReactNode }) {
  const root = useRootData();
  // Nothing interrupts the checkout. The SMS prompt and its button leave it
  // (its 23 s start again afterwards); the notes pause, so none is repeated after it.
  const checkout = isCheckoutPage(useLocation());
  const SmsPrompt = useLoaded(loadSmsPrompt, !checkout)?.SmsPrompt;
  const PurchaseNotifications = useLoaded(
    loadPurchaseNotifications,
    !checkout,
    NOTES_LOADED_AFTER_MS,
  )?.PurchaseNotifications;
  useFocusAfterNavigation("main");
  return (
    <ToastProvider>
      <SignInProvider>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-[60] focus:rounded-md focus:bg-white focus:px-4 focus:py-2"
        >
          Skip to content
        </a>
        <PromoBanner initiallyClosed={root?.promoClosed ?? false} />
        <Header cartCount={root?.cartCount ?? 0} user={root?.user ?? null} business={root?.business} />
        {/* Focusable from script only: the skip link and useFocusAfterNavigation move focus here. */}
        <main id="main" tabIndex={-1} className="min-h-[60vh] focus:outline-none">
          {children}
        </main>
        <Footer year={root?.year ?? new Date().getFullYear()} business={root?.business} />
        <LocalMirror />
        {/* Page views, the SMS prompt and real recent-order notes, on every page but the checkout's. */}
        <PageViewTracker />
        {SmsPrompt && !checkout ? <SmsPrompt /> : null}
        {PurchaseNotifications ? (
          <PurchaseNotifications paused={checkout} userId={root?.user?.id ?? null} waitedMs={NOTES_LOADED_AFTER_MS} />
        ) : null}
      </SignInProvider>
    </ToastProvider>
  );
}
