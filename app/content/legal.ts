/**
 * What the four policy pages share (SPEC.md §2 "Other pages", REQUIREMENTS.md R-MKT-05, B-23): the
 * shape of a policy, its date and the words around it. Each policy's words are a module of its own
 * (legal-terms.ts, legal-guarantee.ts, legal-privacy.ts, legal-cookies.ts), so a policy page loads
 * only its own. Business rules come from ~/content/policy so these pages, the FAQs and the checkout
 * never disagree. This is our plain-English draft for the owner and counsel to review
 * before launch.
 */
import type { PublicBusiness } from "~/domain/people/business-profile";

/** A paragraph, or a bulleted list. */
export type LegalBlock = string | { list: readonly string[] };
export type LegalSection = { id: string; heading: string; body: readonly LegalBlock[] };
export type LegalDocument = {
  path: string;
  title: string;
  metaDescription: string;
  updated: string;
  /** The words, which name the business and its contact points (its profile). */
  text: (business: PublicBusiness) => { intro: string; sections: readonly LegalSection[] };
};

/** When the policies were last changed: the four pages say the same date. */
export const LEGAL_UPDATED = "20 November 2026";

/** The words around every policy page. */
export const LEGAL_PAGE = { updatedLabel: "Last updated:", tocLabel: "On this page" } as const;
