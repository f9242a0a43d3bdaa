/**
 * Decision 059: the business the shop trades as, configured rather than invented. Every
 * contact point and seller detail the site, its e-mails and its documents show comes from one
 * profile, read from BUSINESS_* environment variables at start (business-variables.ts,
 * app/server/platform/env.server.ts) and given to pages by the root loader (its public part).
 */
import type { ClientLogo, Testimonial } from "./business-showcase";

export type BusinessProfile = {
  legalName: string;
  /** Companies House number, e.g. 01234567 or SC123456. */
  companyNumber: string;
  vatNumber: string;
  /** The registered office, one address line each. */
  registeredOffice: readonly string[];
  supportEmail: string;
  salesEmail: string;
  phone: string;
  /** A chat link (e.g. https://wa.me/44…); chatLink adds a first message. */
  chatUrl: string;
  bookingUrl: string;
  /** The share of profits given to the two charities, as in "5% of our profits goes to two cancer charities". */
  charityPledge: string;
  /** What a buyer gets when an order arrives late under the On-Time Delivery Guarantee, in the operator's words. */
  lateDeliveryRemedy: string;
  /** How long each kind of record is kept, in days (the Privacy Policy states these). */
  retention: {
    unpaidDraftDays: number;
    pageViewDays: number;
    rateLimitDays: number;
    outboxDays: number;
    smsDays: number;
    problemPhotoDays: number;
  };
  /** The largest order total, inc VAT, that may be placed to pay by bank transfer; 0: none may. */
  bankTransferMaxPence: number;
  /** For bank transfers: printed on pro-forma invoices, never sent to the browser. */
  bank: { accountName: string; sortCode: string; accountNumber: string; iban: string };
  // Decision 024: the operator's testimonials and client logos, shown with permission
  // (business-showcase.ts); empty unless configured. Only the pages that show them load them.
  testimonials: readonly Testimonial[];
  clientLogos: readonly ClientLogo[];
};

/** What every page may show: the profile without the bank account and the showcase (root loader data). */
export type PublicBusiness = Omit<BusinessProfile, "bank" | "testimonials" | "clientLogos">;

/** The profile without the bank account and the showcase: what every page is given. */
export function publicBusiness({
  bank: _bank,
  testimonials: _testimonials,
  clientLogos: _clientLogos,
  ...rest
}: BusinessProfile): PublicBusiness {
  return rest;
}

/** The chat link opening with a first message (WhatsApp's ?text=), the message encoded as a URI component. */
export function chatLink(chatUrl: string, message: string): string {
  const url = new URL(chatUrl);
  url.searchParams.delete("text");
  url.hash = "";
  return `${url}${url.search ? "&" : "?"}text=${encodeURIComponent(message)}`;
}

/** The phone number as a tel: link. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/**
 * The part of the UK a company is registered in, which its website must state (Companies (Trading
 * Disclosures) Regulations 2008), read from its number's prefix: S… Scotland, N… Northern Ireland.
 */
export function registeredIn(companyNumber: string): string {
  if (/^S[A-Z]\d{6}$/.test(companyNumber)) return "Scotland";
  if (/^N[A-Z]\d{6}$/.test(companyNumber)) return "Northern Ireland";
  return "England and Wales";
}
