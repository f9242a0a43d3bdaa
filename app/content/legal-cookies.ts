/** The Cookie Policy (R-MKT-05), one module of its own so /cookies loads only its words. */
import { LEGAL_UPDATED, type LegalDocument } from "./legal";

export const COOKIES: LegalDocument = {
  path: "/cookies",
  title: "Cookie Policy",
  metaDescription: "The cookies and browser storage Swag Studio uses, and why no consent banner is needed.",
  updated: LEGAL_UPDATED,
  text: () => ({
    intro:
      "This site uses only cookies and browser storage that are needed for it to work or that remember a choice you made. We don't use advertising or tracking cookies, so you won't see a cookie consent banner here.",
    sections: [
      {
        id: "cookies-we-set",
        heading: "Cookies we set",
        body: [
          {
            list: [
              "promo_closed: remembers that you closed the promotion banner, so it stays closed (1 year).",
              "prices: remembers whether you chose to see prices with or without VAT (1 year).",
              "Sign-in cookies, whose names start with swag. (or __Host-swag. on our secure site): the session cookie keeps you signed in for up to 30 days after you last use the site and is removed when you sign out; two short-lived ones hold a sign-up in progress (24 hours) and a two-step sign-in in progress (10 minutes).",
              "swag.recent_buyers: when someone signs out, remembers up to 5 accounts that signed out in this browser, so the note about recent orders never tells them about their own order. It is signed, so it can't be altered, and it is deleted when you close your browser.",
            ],
          },
        ],
      },
      {
        id: "browser-storage",
        heading: "Browser storage",
        body: [
          "Your favourites, shopping list, cart and checkout drafts are stored on our server with your account, not only on your device. While you're signed in, your browser's local storage keeps a copy of your favourites, shopping list and cart and which checkout draft belongs to which product, so pages show them straight away; these copies are removed from the browser when you sign out.",
          "For the SMS sign-up prompt, local storage keeps when the prompt was last shown and whether you've signed up, so we don't ask you again. These stay until you clear them.",
        ],
      },
      {
        id: "page-views",
        heading: "Page views without cookies",
        body: [
          "We count page views ourselves: when you open a page, your browser sends our own server the page's address, and we store that address and the time, nothing more. We don't set or read a cookie for this, and we don't store an identifier, your IP address or your device details, or use any third-party analytics service, so a page view can't be linked to you or to your other visits. Because nothing is stored on your device and nobody is tracked, this needs no consent, and no consent banner is needed.",
        ],
      },
      {
        id: "third-parties",
        heading: "Third parties",
        body: [
          "When you pay, our payment provider Stripe may set cookies it needs to process the payment and prevent fraud. Links to our booking page, founder chat and charities take you to other sites, which have their own cookie policies.",
        ],
      },
      {
        id: "control",
        heading: "Your choices",
        body: [
          "You can delete cookies and local storage in your browser's settings at any time. The site still works; you'll need to sign in again, and the promotion banner, the VAT choice and the SMS prompt may show again.",
        ],
      },
    ],
  }),
};
