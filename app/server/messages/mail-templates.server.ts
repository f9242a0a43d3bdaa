/**
 * The shop's branded e-mail frame and the account e-mails built in it: codes, password resets,
 * invitations and e-mail changes.
 */
import { SITE } from "~/content/links";
import type { AppContext } from "../providers/app-context.server";
import type { Mail } from "./mail.server";
import { escapeHtml } from "~/domain/core/html";
import { quotableText } from "~/domain/core/quoted-text";

/** The shop an e-mail speaks for: its public origin for links, its profile for the support address. */
export type MailShop = Pick<AppContext, "business" | "baseUrl">;

/** An order's page, as e-mails link to it. */
export const orderUrl = (shop: MailShop, orderId: string) => `${shop.baseUrl}/orders/${orderId}`;

/** Every e-mail's closing lines in text, with the business's support address (its profile). */
export const mailSignature = (shop: MailShop) => [
  "",
  `${SITE.name}, ${SITE.city}`,
  `Questions? ${shop.business.supportEmail}`,
];

/** Every e-mail's HTML frame: the brand bar, `body` (already escaped), the contact footer. */
export function mailHtml(shop: MailShop, { body, width = 560 }: { body: string; width?: number }): string {
  return `<!doctype html><html><body style="margin:0;background:#f4f4fb;font-family:Arial,Helvetica,sans-serif;color:#15152b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="${width}" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#2c2adb;color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold">${escapeHtml(SITE.name)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">
${body}
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#4b4b63;border-top:1px solid #eee">${escapeHtml(SITE.name)}, ${escapeHtml(SITE.city)} · ${escapeHtml(shop.business.supportEmail)}</td></tr>
</table></td></tr></table></body></html>`;
}

/** The one button an e-mail links with. */
export function mailButton(url: string, label: string): string {
  return `<p style="margin:16px 0"><a href="${escapeHtml(url)}" style="background:#2c2adb;color:#ffffff;padding:12px 18px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;
}

/** A buyer's words in a mail: always under a label that says whose they are, never bare. */
export type QuotedText = { label: string; text: string };

/** What a branded e-mail says: its words (`lines`), and a code, a button or the buyer's words quoted. */
export type BrandedMail = {
  to: string;
  subject: string;
  lines: string[];
  code?: string;
  link?: { url: string; label: string };
  quotes?: QuotedText[];
  meta?: Mail["meta"];
};

/**
 * A plain, branded e-mail: the same words as text and as simple HTML, with a code or a button.
 * `quotes` carry what a buyer typed: each is set apart under its label (a "> " quote in the text,
 * a grey quoted block in the HTML) after the shop's own words, never as a link.
 */
export function branded(shop: MailShop, { to, subject, lines, code, link, quotes, meta }: BrandedMail): Mail {
  const quoted = (quotes ?? [])
    .map((quote) => ({ label: quote.label, text: quotableText(quote.text) }))
    .filter((quote) => quote.text !== "");
  const text = [
    ...lines,
    ...quoted.flatMap((quote) => ["", quote.label, `> ${quote.text}`]),
    ...(code ? ["", `Your code: ${code}`] : []),
    ...(link ? ["", `${link.label}: ${link.url}`] : []),
    ...mailSignature(shop),
  ].join("\n");
  const html = mailHtml(shop, {
    body: [
      ...lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`),
      ...quoted.map(
        (quote) =>
          `<p style="margin:16px 0 4px;font-size:13px;color:#4b4b63">${escapeHtml(quote.label)}</p><blockquote style="margin:0 0 12px;padding:8px 12px;border-left:4px solid #c9c9d9;background:#f4f4fb;color:#333344;font-style:italic">${escapeHtml(quote.text)}</blockquote>`,
      ),
      ...(code
        ? [`<p style="margin:16px 0;font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(code)}</p>`]
        : []),
      ...(link
        ? [
            mailButton(link.url, link.label),
            `<p style="font-size:12px;color:#4b4b63">Or paste this link into your browser: ${escapeHtml(link.url)}</p>`,
          ]
        : []),
    ].join("\n"),
  });
  return { to, subject, text, html, meta };
}

/** A code sent to one address. */
export type CodeMail = { to: string; code: string };

export function verifyEmailMail(shop: MailShop, { to, code }: CodeMail): Mail {
  return branded(shop, {
    to,
    subject: `${code} is your ${SITE.name} verification code`,
    lines: [
      "Welcome! Enter this code to confirm your e-mail address. It expires in 10 minutes.",
      "If you didn't create an account, you can ignore this e-mail.",
    ],
    code,
    meta: { kind: "verify-email", code },
  });
}

export function signInCodeMail(shop: MailShop, { to, code }: CodeMail): Mail {
  return branded(shop, {
    to,
    subject: `${code} is your ${SITE.name} sign-in code`,
    lines: [
      "Enter this code to sign in. It expires in 10 minutes.",
      "If you didn't ask to sign in, you can ignore this e-mail: nobody can sign in without the code.",
    ],
    code,
    meta: { kind: "sign-in-code", code },
  });
}

export function passwordResetMail(shop: MailShop, { to, ...reset }: { to: string; url?: string; code?: string }): Mail {
  return branded(shop, {
    to,
    subject: `Reset your ${SITE.name} password`,
    lines: [
      "Someone (hopefully you) asked to reset the password for this account.",
      "If it wasn't you, ignore this e-mail and your password stays the same.",
    ],
    code: reset.code,
    link: reset.url ? { url: reset.url, label: "Choose a new password" } : undefined,
    meta: { kind: "password-reset", code: reset.code, url: reset.url },
  });
}

export function changeEmailMail(shop: MailShop, { to, code }: CodeMail): Mail {
  return branded(shop, {
    to,
    subject: `${code} confirms your new ${SITE.name} e-mail address`,
    lines: ["Enter this code to use this address for your account. It expires in 10 minutes."],
    code,
    meta: { kind: "change-email", code },
  });
}

/**
 * The inviter's and organisation's names are anyone's words, so they stay out of the subject (a
 * mail client shows the subject before anything says who sent it) and go into the body after the
 * inviter's confirmed address, as text (escaped in the HTML part).
 */
export function invitationMail(
  shop: MailShop,
  { to, ...invite }: { to: string; inviter: string; inviterEmail: string; organisation: string; url: string },
): Mail {
  return branded(shop, {
    to,
    subject: `You're invited to an organisation on ${SITE.name}`,
    lines: [
      `${invite.inviterEmail} (${invite.inviter}) invited you to join their organisation on ${SITE.name}, "${invite.organisation}", to order branded merch together.`,
      "Sign in or create an account with this e-mail address to accept. The invitation expires in 48 hours. If you don't know the sender, you can ignore this e-mail.",
    ],
    link: { url: invite.url, label: "Accept the invitation" },
    meta: { kind: "invitation", url: invite.url },
  });
}

/** To the owner of an address someone tried to sign up with: the sign-up page says the same either way (docs/security.md). */
export function signUpAttemptMail(
  shop: MailShop,
  { to, ...links }: { to: string; signIn: string; reset: string },
): Mail {
  return branded(shop, {
    to,
    subject: `Someone tried to create a ${SITE.name} account with your address`,
    lines: [
      `Someone (hopefully you) tried to create a ${SITE.name} account with this e-mail address, which already has one. Nothing was changed.`,
      `To get in, sign in at ${links.signIn}, with a one-time code if you like. If you've forgotten your password, choose a new one below.`,
      "If it wasn't you, you can ignore this e-mail.",
    ],
    link: { url: links.reset, label: "Choose a new password" },
    meta: { kind: "sign-up-attempt" },
  });
}

/** The code that lets a signed-in person move the account to another address: it goes to the current one. */
export function confirmEmailChangeMail(shop: MailShop, { to, code, newEmail }: CodeMail & { newEmail: string }): Mail {
  return branded(shop, {
    to,
    subject: `${code} confirms moving your ${SITE.name} account to a new address`,
    lines: [
      `Someone signed in to your account asked to change its e-mail address to ${newEmail}. Enter this code to allow it. It expires in 10 minutes.`,
      "If it wasn't you, don't share the code: change your password and sign out your other devices from your account page.",
    ],
    code,
    meta: { kind: "confirm-email-change", code },
  });
}

/** Sent to the old address once the change is done: the way back if it was not the owner. */
export function emailChangedMail(shop: MailShop, { to, ...change }: { to: string; newEmail: string }): Mail {
  return branded(shop, {
    to,
    subject: `Your ${SITE.name} e-mail address was changed`,
    lines: [
      `Your account's e-mail address is now ${change.newEmail}, and every other device was signed out.`,
      `If you didn't make this change, write to ${shop.business.supportEmail} from this address straight away: we'll move the account back to you and end every session. Keep this e-mail; it shows the address was yours.`,
    ],
    meta: { kind: "email-changed" },
  });
}
