/**
 * Copy of the SMS sign-up prompt and its confirmation page (SPEC.md §4 "SMS prompt"; REQUIREMENTS.md
 * R-SMS-01..10, A-21), apart from the contact page's: the prompt is on every page.
 */
import { SITE } from "./links";

/**
 * The wording a person agrees to when signing up for SMS (A-21, PECR). The server stores this exact
 * text with the number as the record of consent, so change it here, never in the component.
 */
export const SMS_CONSENT_TEXT = `Monthly product updates by SMS from ${SITE.name}. We'll text you once to confirm: reply YES. Reply STOP to opt out at any time.`;

export const SMS_PROMPT = {
  title: "Get monthly product updates",
  description: "New products, seasonal ideas and the occasional offer, once a month by text message.",
  phoneLabel: "UK phone number",
  phoneHint: "For example 07123 456789",
  submit: "Submit",
  // R-SMS-07: three full stops, as the spec writes it.
  submitting: "Submitting...",
  // R-ERR-03, exactly as the spec gives them. The same words serve every number, so they reveal
  // nothing about one already on the list; the consent text above the button says the phone is
  // asked once to reply YES (docs/decisions/034-sms-double-opt-in.md).
  successTitle: "Success!",
  successDescription: "You're all set for monthly product updates!",
  // A-21 / R-ERR-08.
  failure: "We couldn't save your number. Please try again.",
  /** The confirmation page (/sms/confirm). */
  confirmTitle: "Confirm your text updates",
  /** Around the masked number, which the page sets in bold. */
  confirmQuestion: {
    before: "Send monthly product updates to ",
    after: "? Reply STOP to any of our texts to opt out at any time.",
  },
  confirmButton: "Yes, text me",
  confirmed: (phone: string) =>
    `${phone} is confirmed. We'll text it our monthly product updates; reply STOP to any of them to opt out.`,
  privacyLink: "How we use your number",
} as const;
