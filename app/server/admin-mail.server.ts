/**
 * The e-mails staff actions send to the buyer (issue 9 items 3 and 4; REQUIREMENTS B-9 "proof
 * ready" and "shipped with tracking"). They go to the Details step's work e-mail, where the buyer
 * was told mock-ups go, and link to the order page, which needs sign-in: the proof itself is never
 * attached, so a forwarded e-mail does not hand the design to anyone else.
 */
import type { Mail } from "./mail.server";
import { branded } from "./mail-templates.server";

export function proofReadyMail(view: {
  to: string;
  orderNumber: string;
  orderUrl: string;
  version: number;
  note: string;
  /** The product the proof is for, named when the order has several. */
  product: string | null;
}): Mail {
  const what = view.product ? `${view.product} (order ${view.orderNumber})` : `order ${view.orderNumber}`;
  const lines = [
    view.version === 1
      ? `Your design proof for ${what} is ready.`
      : `Version ${view.version} of your design proof for ${what} is ready.`,
    "Open your order to look at it, then approve it or tell us what to change. Production starts when you approve it.",
  ];
  if (view.note.trim()) lines.push(`A note from our studio: ${view.note.trim()}`);
  return branded(
    view.to,
    `Your proof for order ${view.orderNumber} is ready (version ${view.version})`,
    lines,
    { link: { url: view.orderUrl, label: "Review your proof" } },
    { kind: "proof-ready", orderNumber: view.orderNumber, version: view.version },
  );
}

export function orderShippedMail(view: {
  to: string;
  orderNumber: string;
  orderUrl: string;
  carrier: string;
  trackingNumber: string;
}): Mail {
  return branded(
    view.to,
    `Order ${view.orderNumber} has shipped`,
    [
      `Good news: order ${view.orderNumber} is on its way.`,
      `Carrier: ${view.carrier}`,
      `Tracking number: ${view.trackingNumber}`,
      "Use the tracking number on the carrier's website to follow the parcel. Your order page shows it too.",
    ],
    { link: { url: view.orderUrl, label: "View your order" } },
    {
      kind: "order-shipped",
      orderNumber: view.orderNumber,
      carrier: view.carrier,
      trackingNumber: view.trackingNumber,
    },
  );
}

/**
 * Sent when staff mark an order delivered (issue 18 item 1): the link opens the order page's
 * reviews, where each delivered line can be rated and reviewed once.
 */
export function orderDeliveredMail(view: { to: string; orderNumber: string; orderUrl: string }): Mail {
  return branded(
    view.to,
    `Order ${view.orderNumber} has been delivered`,
    [
      `Order ${view.orderNumber} has been delivered. We hope your team loves it.`,
      "How did we do? Rate each product and write a short review from your order page: it helps other teams choose, and it tells us what to keep and what to fix.",
    ],
    { link: { url: `${view.orderUrl}#reviews`, label: "Review your order" } },
    { kind: "order-delivered", orderNumber: view.orderNumber, reviewUrl: `${view.orderUrl}#reviews` },
  );
}
