/**
 * Decision 024: every claim is true. The pledge, the late-delivery remedy and the retention
 * periods read as the business profile configures them; the Cookie Policy names what the code
 * stores; no page claims an AI feature.
 */
import { describe, expect, it } from "vitest";
import { BUSINESS_SAMPLES, businessProfile } from "~/domain/people/business-variables";
import { PRICE_MODE_COOKIE } from "~/domain/pricing/price-mode";
import { PROMO_COOKIE } from "~/domain/pricing/promo";
import { DESIGN_GUIDELINES } from "./design-guidelines";
import { faqCategories } from "./faqs";
import type { LegalBlock, LegalDocument } from "./legal";
import { COOKIES } from "./legal-cookies";
import { LEGAL_DOCUMENTS } from "./legal-documents";
import { GUARANTEE } from "./legal-guarantee";
import { PRIVACY } from "./legal-privacy";
import * as aboutPage from "./about-page";
import { CALL_TO_ACTION } from "./call-to-action";
import * as comparePage from "./compare-page";
import * as customerLovePage from "./customer-love-page";
import * as howItWorksPage from "./how-it-works-page";
import * as marketing from "./marketing";
import * as quickWins from "./quick-wins";
import * as home from "./home";

const business = {
  ...businessProfile(BUSINESS_SAMPLES),
  lateDeliveryRemedy: "Free express shipping on your next order, whatever its size.",
  retention: {
    unpaidDraftDays: 45,
    pageViewDays: 200,
    rateLimitDays: 1,
    outboxDays: 14,
    smsDays: 60,
    problemPhotoDays: 180,
  },
};
const blockText = (block: LegalBlock) => (typeof block === "string" ? block : block.list.join("\n"));
const words = (document: LegalDocument) => {
  const { intro, sections } = document.text(business);
  return [intro, ...sections.flatMap((section) => [section.heading, ...section.body.map(blockText)])].join("\n");
};

describe("what the business profile configures is shown as configured", () => {
  it("the guarantee and the FAQs state the configured late-delivery remedy word for word", () => {
    expect(words(GUARANTEE)).toContain("The remedy: Free express shipping on your next order, whatever its size.");
    const late = faqCategories(business)
      .flatMap((category) => category.entries)
      .find((entry) => entry.id === "late-delivery");
    expect(late?.answer).toContain("The remedy: Free express shipping on your next order, whatever its size.");
    expect(words(GUARANTEE)).not.toMatch(/10%/);
  });

  it("the Privacy Policy states each configured retention period, purged automatically", () => {
    const privacy = words(PRIVACY);
    expect(privacy).toContain(
      "Checkout drafts that are never paid, with the artwork uploaded to them: 45 days after their last change.",
    );
    expect(privacy).toContain("Page views: 200 days.");
    expect(privacy).toContain("Abuse counters: 1 day after their window ends.");
    expect(privacy).toContain(
      "E-mails and text messages we send, kept in our outbox (with any file attached only until it is sent): 14 days.",
    );
    expect(privacy).toContain(
      "SMS sign-ups: while you're signed up, and 60 days after you opt out; a sign-up never confirmed, 60 days after its confirmation text lapses.",
    );
    expect(privacy).toContain(
      "These periods are our policy: the site deletes each of these records automatically within an hour of its period ending. To have your records deleted sooner, e-mail",
    );
    // STOP and the unsubscribe link are handled (sms-signups.server.ts), so the policy offers them;
    // it names no schedule beyond the hourly purge.
    expect(privacy).toContain("To withdraw it, reply STOP to any of our texts, open the unsubscribe link in them");
    // PECR: the policy says what sms-signups.server.ts does (docs/decisions/034-sms-double-opt-in.md).
    expect(privacy).toContain(
      "Consent by double opt-in: when a number is entered in our SMS sign-up, we send it one text asking you to reply YES",
    );
    expect(privacy).toContain("Nothing else is sent to that number until you do.");
    expect(privacy).toContain("Only a START from your phone puts a number that said STOP back on our list.");
    expect(privacy).toContain("reply STOP to any of our texts, or open the unsubscribe link in them, at any time");
    expect(privacy).toContain("about once a month");
    expect(privacy).not.toMatch(/resets every hour|then deleted/);
  });

  it("the About page gives the configured pledge and promises no schedule of its own", () => {
    expect(aboutPage.ABOUT_PAGE.givingIntro("2% of our revenue")).toBe(
      "We give 2% of our revenue to two UK cancer charities:",
    );
  });
});

describe("the Cookie Policy describes what the code stores", () => {
  const cookies = words(COOKIES);

  it("names every cookie the site sets, with how long it lasts", () => {
    expect(cookies).toContain(`${PROMO_COOKIE}: remembers that you closed the promotion banner`);
    expect(cookies).toContain(
      `${PRICE_MODE_COOKIE}: remembers whether you chose to see prices with or without VAT (1 year)`,
    );
    // app/server/accounts/recent-buyers.server.ts and better-auth's prefix (app/server/accounts/auth.server.ts).
    expect(cookies).toContain("swag.recent_buyers:");
    expect(cookies).toContain("Sign-in cookies, whose names start with swag. (or __Host-swag. on our secure site)");
  });

  it("says the cart, lists and drafts are on the server, with copies in the browser only while signed in", () => {
    expect(cookies).toContain(
      "Your favourites, shopping list, cart and checkout drafts are stored on our server with your account, not only on your device.",
    );
    expect(cookies).not.toMatch(/never leaves your device/);
  });
});

describe("no claim of an AI feature", () => {
  it("no page, FAQ, policy or guide mentions AI", () => {
    const everything = JSON.stringify([
      marketing,
      CALL_TO_ACTION,
      howItWorksPage,
      comparePage,
      customerLovePage,
      aboutPage,
      quickWins,
      home,
      DESIGN_GUIDELINES,
      faqCategories(business),
      LEGAL_DOCUMENTS.map((document) => document.text(business)),
    ]);
    expect(everything).not.toMatch(/\bAI\b|artificial intelligence/i);
  });
});
