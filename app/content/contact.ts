/**
 * Copy of the contact page and its thank-you page (SPEC.md §2 "Contact"; REQUIREMENTS.md
 * R-CONTACT-01..06, A-2, B-26). The SMS prompt's is in sms-prompt.ts, the recent-order notes' in
 * purchase-notes.ts: every page loads those, and none of this.
 */
import { SITE } from "./links";
import { POLICY_NUMBERS } from "~/domain/core/policy-numbers";

export const CONTACT_PAGE = {
  // R-CONTACT-01 / A-55: page heading and form heading.
  title: "Get in Touch",
  formHeading: "Contact Form",
  metaDescription: "Ask Swag Studio for a quote, a custom product or help with an order.",
  lead: "Tell us what you need and when you need it by, and we'll come back with options and a quote.",
  requiredNote: "Fields marked * are required.",
  purposePlaceholder: "Choose one (optional)",
  submit: "Send Message",
  sending: "Sending…",
  errorSummary: "Please fix the following:",
  /** With the business's support address (its profile). */
  rateLimited: (supportEmail: string) =>
    `You've sent several messages in a short time. Please wait a while, or e-mail ${supportEmail}.`,
  // B-26: when the message could not be stored or sent.
  failed: (supportEmail: string) => `Sorry, your message couldn't be sent. Please e-mail ${supportEmail}.`,
  honeypotLabel: "Leave this field empty",
  otherWaysHeading: "Other ways to reach us",
  emailLabel: "E-mail",
  phoneLabel: "Phone",
  callLabel: "Book a 15-minute call with a merch expert",
  chatLabel: "Chat with the founders",
  location: `We're based in ${SITE.city} and work with teams across the UK and Europe.`,
} as const;

/** Labels and hints of the contact form's fields (R-CONTACT-02); '*' marks the required ones on screen. */
export const CONTACT_FIELD_COPY = {
  first_name: { label: "First name", autoComplete: "given-name" },
  last_name: { label: "Last name", autoComplete: "family-name" },
  email: { label: "Work email", autoComplete: "email" },
  phone: { label: "Phone", autoComplete: "tel", hint: "Optional, for example +44 20 7946 0958" },
  company: { label: "Company", autoComplete: "organization" },
  deadline: { label: "Deadline", autoComplete: "off", hint: "Optional: the date you need your merch by" },
  purpose: { label: "What can we help with?", autoComplete: "off", hint: "Optional" },
  notes: {
    label: "Notes",
    autoComplete: "off",
    hint: "Optional: products, quantities, colours, where it's going, anything else",
  },
} as const;

export const INQUIRY_SUCCESS_PAGE = {
  metaTitle: "Message sent",
  title: "Thanks, your message has been sent.",
  nextHeading: "What happens next",
  /** With the business's sales address (its profile). */
  next: (salesEmail: string) => [
    "Our team reads your message and checks the products, quantities and deadline you mentioned.",
    `We reply from ${salesEmail} within ${POLICY_NUMBERS.customQuoteWorkingDays} working days, with a quote or the questions we need answered first.`,
    "If a call would be quicker, book a 15-minute slot with a merch expert.",
  ],
  browse: "Keep browsing products",
  bookCall: "Book a 15-minute call",
  // the payment-return branch's page title (its body is components/payment-return.tsx).
  paymentTitle: "Your payment",
} as const;
