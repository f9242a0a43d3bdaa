/**
 * The e-mails that follow an order through its stages (decision 024;
 * REQUIREMENTS B-3, B-9): proof ready, proof approved with the promised date, in production, shipped
 * with the carrier and its tracking link, and delivered. The order confirmation with its invoice is
 * order-mail.server.ts. They go to the Details step's work e-mail, where the buyer was told mock-ups
 * go, and link to the order page, which needs sign-in: the proof itself is never attached, so a
 * forwarded e-mail does not hand the design to anyone else.
 */
import { POLICY } from "~/content/policy";
import { formatDisplayDate, type IsoDate } from "~/domain/core/dates";
import { readOrderSnapshot } from "~/domain/orders/order-snapshot";
import type { OrderStatus } from "~/domain/fulfilment/orders";
import { trackingLink } from "~/domain/fulfilment/tracking";
import type { Database } from "../platform/db.server";
import { sendMail, type Mail } from "./mail.server";
import { branded, type MailShop, orderUrl } from "./mail-templates.server";

export function proofReadyMail(view: {
  shop: MailShop;
  to: string;
  orderNumber: string;
  orderUrl: string;
  version: number;
  note: string;
  /** The product the proof is for, named in the text when the order has several. */
  product: string | null;
  /** The product's title, always in the subject beside the version, so the inbox says which proof it is. */
  productTitle: string;
}): Mail {
  const what = view.product ? `${view.product} (order ${view.orderNumber})` : `order ${view.orderNumber}`;
  const lines = [
    view.version === 1
      ? `Your design proof for ${what} is ready.`
      : `Version ${view.version} of your design proof for ${what} is ready.`,
    "Open your order to look at it, then approve it or tell us what to change. Production starts when you approve it.",
  ];
  if (view.note.trim()) lines.push(`A note from our studio: ${view.note.trim()}`);
  return branded(view.shop, {
    to: view.to,
    subject: `Your proof for order ${view.orderNumber} is ready: ${view.productTitle}, version ${view.version}`,
    lines,
    link: { url: view.orderUrl, label: "Review your proof" },
    meta: { kind: "proof-ready", orderNumber: view.orderNumber, version: view.version },
  });
}

/** Whom a stage e-mail is for, which order it is about, and the shop it speaks for. */
export type OrderMailView = { shop: MailShop; to: string; orderNumber: string; orderUrl: string };

/** An order row's buyer address (the Details step's work e-mail), number and page. */
export function orderMailView(shop: MailShop, order: { id: string; number: string; snapshot: unknown }): OrderMailView {
  const { data } = readOrderSnapshot(order.number, order.snapshot);
  return { shop, to: data.details.email.trim(), orderNumber: order.number, orderUrl: orderUrl(shop, order.id) };
}

const orderLink = (view: OrderMailView) => ({ link: { url: view.orderUrl, label: "View your order" } });
const promisedLine = (promised: IsoDate) => `Promised delivery: ${formatDisplayDate(promised)}.`;

/** Every line approved (app/server/orders/buyer-orders.server.ts respondToProof). */
export function proofApprovedMail(view: OrderMailView & { promised: IsoDate | null }): Mail {
  return branded(view.shop, {
    to: view.to,
    subject: `Proof approved for order ${view.orderNumber}`,
    lines: [
      `Thank you: you approved the proof for order ${view.orderNumber}, and we make exactly what you approved.`,
      ...(view.promised
        ? [promisedLine(view.promised), "We'll e-mail you when production starts and again when your order ships."]
        : ["Production starts when your bank transfer arrives; we'll e-mail you the promised delivery date then."]),
    ],
    ...orderLink(view),
    meta: { kind: "proof-approved", orderNumber: view.orderNumber, promised: view.promised },
  });
}

export function inProductionMail(view: OrderMailView & { promised: IsoDate | null }): Mail {
  return branded(view.shop, {
    to: view.to,
    subject: `Order ${view.orderNumber} is in production`,
    lines: [
      `Order ${view.orderNumber} is now being made. We quality-check it before it ships.`,
      ...(view.promised ? [promisedLine(view.promised)] : []),
      "We'll e-mail you the carrier and tracking link when it ships.",
    ],
    ...orderLink(view),
    meta: { kind: "order-in-production", orderNumber: view.orderNumber },
  });
}

export function orderShippedMail(view: OrderMailView & { carrier: string; trackingNumber: string }): Mail {
  const tracking = trackingLink(view.carrier, view.trackingNumber);
  return branded(view.shop, {
    to: view.to,
    subject: `Order ${view.orderNumber} has shipped`,
    lines: [
      `Good news: order ${view.orderNumber} is on its way.`,
      `Carrier: ${view.carrier}`,
      `Tracking number: ${view.trackingNumber}`,
      tracking
        ? `Your order page shows it too: ${view.orderUrl}`
        : `Use the tracking number on ${view.carrier}'s website to follow the parcel. Your order page shows it too.`,
    ],
    ...(tracking ? { link: { url: tracking, label: "Track your parcel" } } : orderLink(view)),
    meta: {
      kind: "order-shipped",
      orderNumber: view.orderNumber,
      carrier: view.carrier,
      trackingNumber: view.trackingNumber,
      trackingUrl: tracking,
    },
  });
}

/**
 * Sent when staff mark an order delivered: the link opens the order page's reviews (decision
 * 023), where each delivered line can be rated and reviewed once.
 */
export function orderDeliveredMail(view: OrderMailView): Mail {
  return branded(view.shop, {
    to: view.to,
    subject: `Order ${view.orderNumber} has been delivered`,
    lines: [
      `Our courier reports that order ${view.orderNumber} has been delivered. We hope your team loves it.`,
      POLICY.qualityDisputes,
      POLICY.transitDamage,
      `To report a problem, e-mail ${view.shop.business.supportEmail} with your order reference and photos.`,
      "How did we do? Rate each product and write a short review from your order page: it helps other teams choose, and it tells us what to keep and what to fix.",
    ],
    link: { url: `${view.orderUrl}#reviews`, label: "Review your order" },
    meta: { kind: "order-delivered", orderNumber: view.orderNumber, reviewUrl: `${view.orderUrl}#reviews` },
  });
}

/**
 * Staff changed the order before production (decision 046): the buyer hears what changed, from
 * what to what, so a change they did not ask for is caught before anything is made.
 */
/**
 * An order cancelled by staff (docs/decisions/073), when no refund's credit-note e-mail tells the
 * buyer: why, and what becomes of the money.
 */
export function orderCancelledMail(view: OrderMailView & { reason: string; paid: boolean }): Mail {
  return branded(view.shop, {
    to: view.to,
    subject: `Order ${view.orderNumber} has been cancelled`,
    lines: [
      `We have cancelled order ${view.orderNumber}. Reason: ${view.reason}`,
      view.paid
        ? `Our team will be in touch about the money you paid; each refund comes with a credit note. Questions: ${view.shop.business.supportEmail}.`
        : "Nothing was charged: please do not send the bank transfer for it.",
    ],
    ...orderLink(view),
    meta: { kind: "order-cancelled", orderNumber: view.orderNumber },
  });
}

export function orderChangedMail(view: OrderMailView, change: string): Mail {
  return branded(view.shop, {
    to: view.to,
    subject: `We changed order ${view.orderNumber}`,
    lines: [
      `We changed order ${view.orderNumber} before production:`,
      change,
      `If this isn't what you asked for, reply to this e-mail or write to ${view.shop.business.supportEmail} before production starts.`,
    ],
    ...orderLink(view),
    meta: { kind: "order-changed", orderNumber: view.orderNumber },
  });
}

/**
 * The e-mail a status change made by staff sends the buyer (changeOrderStatus), or null for a
 * status with none: the proof e-mails come from the proof upload and the buyer's answer, and a
 * refund sends its credit note.
 */
export function staffStatusMail(
  status: OrderStatus,
  view: OrderMailView & { promised: IsoDate | null; carrier: string; trackingNumber: string },
): Mail | null {
  switch (status) {
    case "in_production":
      return inProductionMail(view);
    case "shipped":
      return orderShippedMail(view);
    case "delivered":
      return orderDeliveredMail(view);
    default:
      return null;
  }
}

/** A stage e-mail after its commit: a fault is logged, never undoes the change the e-mail reports. */
export async function sendStageMail(db: Database, mail: Mail): Promise<void> {
  const what = `${String(mail.meta?.kind ?? "order")} e-mail for ${String(mail.meta?.orderNumber ?? "an order")}`;
  if (!mail.to) {
    console.error(`[orders] ${what} has no e-mail address to go to`);
    return;
  }
  await sendMail(db, mail).catch((error: unknown) => {
    console.error(`[orders] ${what} to ${mail.to} failed:`, error);
  });
}
