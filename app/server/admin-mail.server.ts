/**
 * The e-mails staff actions send to the buyer (issue 9 items 3 and 4; REQUIREMENTS B-9 "proof
 * ready" and "shipped with tracking"). They go to the Details step's work e-mail, where the buyer
 * was told mock-ups go, and link to the order page, which needs sign-in: the proof itself is never
 * attached, so a forwarded e-mail does not hand the design to anyone else.
 */
import { SITE } from "~/content/links";
import type { Mail } from "./mail.server";
import { escapeHtml } from "~/domain/html";

/** The same words as text and as simple HTML, with one button to the order. */
function orderMail(input: {
  to: string;
  subject: string;
  lines: string[];
  orderUrl: string;
  button: string;
  meta: Mail["meta"];
}): Mail {
  const text = [
    ...input.lines,
    "",
    `${input.button}: ${input.orderUrl}`,
    "",
    `${SITE.name}, ${SITE.city}`,
    `Questions? ${SITE.supportEmail}`,
  ].join("\n");
  const html = `<!doctype html><html><body style="margin:0;background:#f4f4fb;font-family:Arial,Helvetica,sans-serif;color:#15152b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#2c2adb;color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold">${escapeHtml(SITE.name)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">
${input.lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`).join("\n")}
<p style="margin:16px 0"><a href="${escapeHtml(input.orderUrl)}" style="background:#2c2adb;color:#ffffff;padding:12px 18px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(input.button)}</a></p>
<p style="font-size:12px;color:#4b4b63">Or paste this link into your browser: ${escapeHtml(input.orderUrl)}</p>
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#4b4b63;border-top:1px solid #eee">${escapeHtml(SITE.name)}, ${escapeHtml(SITE.city)} · ${escapeHtml(SITE.supportEmail)}</td></tr>
</table></td></tr></table></body></html>`;
  return { to: input.to, subject: input.subject, text, html, meta: input.meta };
}

export function proofReadyMail(view: {
  to: string;
  orderNumber: string;
  orderUrl: string;
  version: number;
  note: string;
}): Mail {
  const lines = [
    view.version === 1
      ? `Your design proof for order ${view.orderNumber} is ready.`
      : `Version ${view.version} of your design proof for order ${view.orderNumber} is ready.`,
    "Open your order to look at it, then approve it or tell us what to change. Production starts when you approve it.",
  ];
  if (view.note.trim()) lines.push(`A note from our studio: ${view.note.trim()}`);
  return orderMail({
    to: view.to,
    subject: `Your proof for order ${view.orderNumber} is ready (version ${view.version})`,
    lines,
    orderUrl: view.orderUrl,
    button: "Review your proof",
    meta: { kind: "proof-ready", orderNumber: view.orderNumber, version: view.version },
  });
}

export function orderShippedMail(view: {
  to: string;
  orderNumber: string;
  orderUrl: string;
  carrier: string;
  trackingNumber: string;
}): Mail {
  return orderMail({
    to: view.to,
    subject: `Order ${view.orderNumber} has shipped`,
    lines: [
      `Good news: order ${view.orderNumber} is on its way.`,
      `Carrier: ${view.carrier}`,
      `Tracking number: ${view.trackingNumber}`,
      "Use the tracking number on the carrier's website to follow the parcel. Your order page shows it too.",
    ],
    orderUrl: view.orderUrl,
    button: "View your order",
    meta: {
      kind: "order-shipped",
      orderNumber: view.orderNumber,
      carrier: view.carrier,
      trackingNumber: view.trackingNumber,
    },
  });
}
