/**
 * The back office's orders (issue 9 items 2 and 4; REQUIREMENTS B-7): the list staff work from,
 * one order with everything the buyer chose, and status changes along the rules of
 * app/domain/orders.ts. Callers have checked requireStaff (app/server/admin-access.server.ts);
 * nothing here is scoped to a buyer.
 *
 * Every change names the order version the page showed. A different version now means someone
 * else (a colleague, or the buyer answering a proof) changed the order meanwhile: the answer is a
 * 409 with the current state and nothing is written. Each change adds a row to
 * order_status_history with the staff member and a note, in the same transaction.
 */
import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { artworkFiles, authUser, invoices, orderProofs, orders, orderStatusHistory, paymentIntents } from "#db/schema";
import { colourName } from "~/catalogue/colours";
import {
  ADMIN_MESSAGES,
  ORDER_LIST_PAGE_SIZE,
  defaultStatusNote,
  type OrderListQuery,
  type StatusChange,
} from "~/domain/admin-orders";
import { BRANDING_METHODS, COUNTRY_NAMES, PROOF_PREFERENCES, SHIPPING_METHODS, isCountryCode } from "~/domain/checkout";
import type { DraftData } from "~/domain/draft";
import { draftDataSchema } from "~/domain/draft-schemas";
import {
  ORDER_STATUS_LABELS,
  canTransition,
  isOrderStatus,
  staffStatusChoices,
  type Actor,
  type OrderStatus,
} from "~/domain/orders";
import type { StaffMember } from "./admin-access.server";
import { orderShippedMail } from "./admin-mail.server";
import { openArtwork, type ArtworkDownload } from "./artwork.server";
import { getDb, type Database } from "./db.server";
import { getEnv } from "./env.server";
import { sendMail } from "./mail.server";
import { getUploadStorage, type FileStorage } from "./storage.server";

// ---------------------------------------------------------------------------------------------
// Results

export type AdminFailure = {
  ok: false;
  status: 400 | 404 | 409 | 413 | 415;
  code: string;
  message: string;
  fieldErrors?: Record<string, string[]>;
};

export function adminFail(
  status: AdminFailure["status"],
  code: string,
  message: string,
  fieldErrors?: Record<string, string[]>,
): AdminFailure {
  return { ok: false, status, code, message, fieldErrors };
}

export type AdminChange = { ok: true; status: OrderStatus; version: number; message: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isOrderId = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

export function toOrderStatus(value: string): OrderStatus {
  if (!isOrderStatus(value)) throw new Error(`orders holds an unknown status "${value}"`);
  return value;
}

/** The part of orders.snapshot the back office reads (written by app/server/orders.server.ts at payment). */
const snapshotSchema = z.object({
  data: draftDataSchema,
  product: z.object({ id: z.string(), title: z.string() }).loose(),
});

export function readOrderSnapshot(number: string, snapshot: unknown): { data: DraftData; productTitle: string } {
  const parsed = snapshotSchema.safeParse(snapshot);
  if (!parsed.success) throw new Error(`Order ${number} holds a snapshot outside the schema`);
  return { data: parsed.data.data, productTitle: parsed.data.product.title };
}

// ---------------------------------------------------------------------------------------------
// The list

export type StaffOrderRow = {
  id: string;
  number: string;
  status: OrderStatus;
  statusLabel: string;
  productTitle: string;
  quantity: number;
  company: string;
  email: string;
  totalPence: number;
  createdAt: Date;
};

export type StaffOrderList = { rows: StaffOrderRow[]; total: number; page: number; pageCount: number };

const details = sql`${orders.snapshot} -> 'data' -> 'details'`;
const companyExpr = sql<string>`coalesce(nullif(${details} ->> 'company', ''), ${details} -> 'billing' ->> 'company', '')`;
const emailExpr = sql<string>`coalesce(nullif(${details} ->> 'email', ''), ${authUser.email}, '')`;

/** `%text%` for ILIKE with the pattern characters the user typed taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Orders newest first, filtered by status and searched by order number, company or e-mail (the
 * work e-mail of the Details step or the account's), a page of ORDER_LIST_PAGE_SIZE at a time.
 */
export async function listOrdersForStaff(query: OrderListQuery): Promise<StaffOrderList> {
  const db = await getDb();
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(orders.status, query.status));
  if (query.q) {
    const pattern = contains(query.q);
    const match = or(
      ilike(orders.number, pattern),
      sql`${companyExpr} ilike ${pattern}`,
      sql`${details} -> 'billing' ->> 'company' ilike ${pattern}`,
      sql`${details} ->> 'email' ilike ${pattern}`,
      ilike(authUser.email, pattern),
    );
    if (match) filters.push(match);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;

  const [counted] = await db
    .select({ total: count() })
    .from(orders)
    .leftJoin(authUser, eq(authUser.id, orders.userId))
    .where(where);
  const total = counted?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / ORDER_LIST_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);

  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      productTitle: sql<string>`${orders.snapshot} -> 'product' ->> 'title'`,
      quantity: orders.quantity,
      company: companyExpr,
      email: emailExpr,
      totalPence: orders.totalPence,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .leftJoin(authUser, eq(authUser.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(ORDER_LIST_PAGE_SIZE)
    .offset((page - 1) * ORDER_LIST_PAGE_SIZE);

  return {
    rows: rows.map((row) => {
      const status = toOrderStatus(row.status);
      return { ...row, productTitle: row.productTitle ?? "", status, statusLabel: ORDER_STATUS_LABELS[status] };
    }),
    total,
    page,
    pageCount,
  };
}

// ---------------------------------------------------------------------------------------------
// One order

export type StaffOrderDetail = {
  id: string;
  number: string;
  status: OrderStatus;
  statusLabel: string;
  version: number;
  createdAt: Date;
  paidAt: Date;
  updatedAt: Date;
  product: { id: string; title: string; quantity: number };
  choices: {
    colour: string | null;
    customisations: string[];
    handwrittenNote: boolean;
    branding: string;
    placement: string;
    placementDetails: string;
    proofPreference: string;
    previousOrderRef: string;
    notes: string;
  };
  contact: { name: string; email: string; company: string; phone: string; poRef: string };
  account: { userId: string; email: string | null; name: string | null };
  vatNumber: string;
  billing: { company: string; name: string; lines: string[] };
  shipping: { name: string; company: string; lines: string[]; phone: string; method: string; notes: string };
  amounts: {
    unitPence: number;
    subtotalPence: number;
    discountPence: number;
    shippingPence: number;
    vatPence: number;
    vatRate: number;
    totalPence: number;
    currency: string;
  };
  payment: { intentId: string; provider: string | null };
  invoiceNumber: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  promisedDeliveryDate: string | null;
  artwork: {
    emailLater: boolean;
    files: Array<{ id: string; name: string; sizeBytes: number; uploadedAt: Date; available: boolean }>;
  };
  proofs: Array<{
    version: number;
    originalName: string;
    contentType: string;
    sizeBytes: number;
    createdAt: Date;
    uploadedBy: string;
    decision: "approved" | "changes_requested" | null;
    comment: string | null;
    decidedAt: Date | null;
  }>;
  history: Array<{
    id: number;
    at: Date;
    from: OrderStatus | null;
    to: OrderStatus;
    actor: Actor;
    actorName: string | null;
    note: string | null;
  }>;
  /** What the status form offers now (proof uploads have their own form). */
  statusChoices: OrderStatus[];
  canSendProof: boolean;
};

function addressLines(parts: string[], country: string): string[] {
  const lines = parts.map((part) => part.trim()).filter((part) => part !== "");
  if (country) lines.push(isCountryCode(country) ? COUNTRY_NAMES[country] : country);
  return lines;
}

const actorOf = (value: string): Actor => (value === "staff" || value === "buyer" ? value : "system");
const decisionOf = (value: string | null) => (value === "approved" || value === "changes_requested" ? value : null);
const personName = (user: { name: string | null; email: string | null } | null) =>
  user ? (user.name?.trim() ? `${user.name.trim()} (${user.email})` : user.email) : null;

/** One order as staff see it, or null for an unknown id. */
export async function getOrderForStaff(orderId: string): Promise<StaffOrderDetail | null> {
  if (!isOrderId(orderId)) return null;
  const db = await getDb();
  const [found] = await db
    .select({ order: orders, buyer: { email: authUser.email, name: authUser.name } })
    .from(orders)
    .leftJoin(authUser, eq(authUser.id, orders.userId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!found) return null;
  const { order, buyer } = found;
  const actor = alias(authUser, "actor");
  const uploader = alias(authUser, "uploader");
  const [history, proofs, files, [invoice], [intent]] = await Promise.all([
    db
      .select({ entry: orderStatusHistory, actorName: actor.name, actorEmail: actor.email })
      .from(orderStatusHistory)
      .leftJoin(actor, eq(actor.id, orderStatusHistory.actorUserId))
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(desc(orderStatusHistory.id)),
    db
      .select({ proof: orderProofs, uploaderName: uploader.name, uploaderEmail: uploader.email })
      .from(orderProofs)
      .leftJoin(uploader, eq(uploader.id, orderProofs.uploadedBy))
      .where(eq(orderProofs.orderId, order.id))
      .orderBy(desc(orderProofs.version)),
    db.select({ id: artworkFiles.id }).from(artworkFiles).where(eq(artworkFiles.draftId, order.draftId)),
    db.select({ number: invoices.number }).from(invoices).where(eq(invoices.orderId, order.id)).limit(1),
    db
      .select({ provider: paymentIntents.provider })
      .from(paymentIntents)
      .where(eq(paymentIntents.intentId, order.paymentIntentId))
      .limit(1),
  ]);

  const { data, productTitle } = readOrderSnapshot(order.number, order.snapshot);
  const status = toOrderStatus(order.status);
  const stored = new Set(files.map((file) => file.id));
  const ship = data.shipping.address;
  const bill = data.details.billing;
  return {
    id: order.id,
    number: order.number,
    status,
    statusLabel: ORDER_STATUS_LABELS[status],
    version: order.version,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    updatedAt: order.updatedAt,
    product: { id: order.productId, title: productTitle, quantity: order.quantity },
    choices: {
      colour: data.variant.color_hex
        ? `${colourName(order.productId, data.variant.color_hex) ?? "Custom"} (${data.variant.color_hex})`
        : null,
      customisations: data.customization_selections,
      handwrittenNote: data.handwritten_note,
      branding: BRANDING_METHODS[data.branding.method],
      placement: data.branding.placement,
      placementDetails: data.branding.placement_details,
      proofPreference: PROOF_PREFERENCES[data.proof.preference],
      previousOrderRef: data.proof.previous_order_ref,
      notes: data.notes,
    },
    contact: {
      name: data.details.contact_name,
      email: data.details.email,
      company: data.details.company,
      phone: data.details.phone,
      poRef: data.details.po_ref,
    },
    account: { userId: order.userId, email: buyer?.email ?? null, name: buyer?.name ?? null },
    vatNumber: data.details.vat_number,
    billing: {
      company: bill.company,
      name: bill.name,
      lines: addressLines([bill.line1, bill.line2, bill.city, bill.postcode], bill.country),
    },
    shipping: {
      name: ship.name || `${ship.firstName} ${ship.lastName}`.trim(),
      company: ship.company,
      lines: addressLines([ship.line1, ship.line2, ship.city, ship.postcode], ship.country),
      phone: ship.phone,
      method: data.shipping.method ? SHIPPING_METHODS[data.shipping.method].label : "",
      notes: data.shipping.notes,
    },
    amounts: {
      unitPence: order.unitPence,
      subtotalPence: order.subtotalPence,
      discountPence: order.discountPence,
      shippingPence: order.shippingPence,
      vatPence: order.vatPence,
      vatRate: order.vatRate,
      totalPence: order.totalPence,
      currency: order.currency,
    },
    payment: { intentId: order.paymentIntentId, provider: intent?.provider ?? null },
    invoiceNumber: invoice?.number ?? null,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    promisedDeliveryDate: order.promisedDeliveryDate,
    artwork: {
      emailLater: data.artwork.email_later,
      files: data.artwork.files.map((file) => ({
        id: file.id,
        name: file.name,
        sizeBytes: file.size,
        uploadedAt: new Date(file.uploaded_at),
        available: stored.has(file.id),
      })),
    },
    proofs: proofs.map(({ proof, uploaderName, uploaderEmail }) => ({
      version: proof.version,
      originalName: proof.originalName,
      contentType: proof.contentType,
      sizeBytes: proof.sizeBytes,
      createdAt: proof.createdAt,
      uploadedBy: personName(uploaderEmail ? { name: uploaderName, email: uploaderEmail } : null) ?? proof.uploadedBy,
      decision: decisionOf(proof.decision),
      comment: proof.comment,
      decidedAt: proof.decidedAt,
    })),
    history: history.map(({ entry, actorName, actorEmail }) => ({
      id: entry.id,
      at: entry.createdAt,
      from: entry.fromStatus === null ? null : toOrderStatus(entry.fromStatus),
      to: toOrderStatus(entry.toStatus),
      actor: actorOf(entry.actor),
      actorName: personName(actorEmail ? { name: actorName, email: actorEmail } : null),
      note: entry.note,
    })),
    statusChoices: staffStatusChoices(status),
    canSendProof: canTransition(status, "proof_sent", "staff"),
  };
}

// ---------------------------------------------------------------------------------------------
// Status changes

type Tx = Database;

/** The order row locked for this transaction, or null. */
export async function lockOrder(tx: Tx, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return order ?? null;
}

export function staleFailure(current: { status: string }): AdminFailure {
  return adminFail(409, "ORDER_CHANGED", ADMIN_MESSAGES.stale(toOrderStatus(current.status)));
}

export function orderUrl(orderId: string): string {
  return `${getEnv().BASE_URL}/orders/${orderId}`;
}

/**
 * Moves an order to `change.to` (issue 9 item 4): only a move canTransition allows staff, only
 * from the version the page showed, never to proof_sent (that is a proof upload). Shipping stores
 * the carrier and tracking number and e-mails them to the buyer after the commit; a mail fault is
 * logged and never undoes the change (the buyer's order page shows the tracking number too).
 */
export async function changeOrderStatus(input: {
  staff: StaffMember;
  orderId: string;
  change: StatusChange;
}): Promise<AdminChange | AdminFailure> {
  const { staff, change } = input;
  if (!isOrderId(input.orderId)) return adminFail(404, "ORDER_NOT_FOUND", ADMIN_MESSAGES.notFound);
  if (change.to === "proof_sent") return adminFail(400, "USE_PROOF_FORM", ADMIN_MESSAGES.useProofForm);
  const note = change.note || defaultStatusNote(change);

  const db = await getDb();
  const result = await db.transaction(
    async (tx): Promise<(AdminChange & { mail?: Parameters<typeof orderShippedMail>[0] }) | AdminFailure> => {
      const order = await lockOrder(tx, input.orderId);
      if (!order) return adminFail(404, "ORDER_NOT_FOUND", ADMIN_MESSAGES.notFound);
      if (order.version !== change.version) return staleFailure(order);
      const from = toOrderStatus(order.status);
      if (!canTransition(from, change.to, "staff"))
        return adminFail(409, "INVALID_TRANSITION", ADMIN_MESSAGES.invalidTransition(from, change.to));

      const shipping =
        change.to === "shipped" ? { carrier: change.carrier, trackingNumber: change.trackingNumber } : {};
      const [updated] = await tx
        .update(orders)
        .set({ status: change.to, ...shipping, version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(orders.id, order.id), eq(orders.version, change.version)))
        .returning({ version: orders.version });
      if (!updated) return staleFailure(order);
      await tx.insert(orderStatusHistory).values({
        orderId: order.id,
        fromStatus: from,
        toStatus: change.to,
        actor: "staff",
        actorUserId: staff.id,
        note,
      });
      const { data } = readOrderSnapshot(order.number, order.snapshot);
      return {
        ok: true,
        status: change.to,
        version: updated.version,
        message: `Order ${order.number} is now "${ORDER_STATUS_LABELS[change.to]}".`,
        mail:
          change.to === "shipped"
            ? {
                to: data.details.email.trim(),
                orderNumber: order.number,
                orderUrl: orderUrl(order.id),
                carrier: change.carrier,
                trackingNumber: change.trackingNumber,
              }
            : undefined,
      };
    },
  );
  if (!result.ok) return result;
  const { mail, ...changed } = result;
  if (mail) {
    if (!mail.to) {
      console.error(`[admin] order ${mail.orderNumber} shipped but has no e-mail address to tell`);
    } else {
      await sendMail(orderShippedMail(mail)).catch((error: unknown) => {
        console.error(`[admin] shipped e-mail for ${mail.orderNumber} to ${mail.to} failed:`, error);
      });
    }
  }
  return changed;
}

// ---------------------------------------------------------------------------------------------
// Files staff download

/** An artwork file of this order's draft (uploaded by the buyer at checkout), or null. */
export async function openOrderArtwork(input: {
  orderId: string;
  fileId: string;
  storage?: FileStorage;
}): Promise<ArtworkDownload | null> {
  if (!isOrderId(input.orderId) || !isOrderId(input.fileId)) return null;
  const db = await getDb();
  const [file] = await db
    .select({ userId: artworkFiles.userId })
    .from(artworkFiles)
    .innerJoin(orders, eq(orders.draftId, artworkFiles.draftId))
    .where(and(eq(orders.id, input.orderId), eq(artworkFiles.id, input.fileId)))
    .limit(1);
  if (!file) return null;
  // openArtwork is scoped to the uploader; the join above has checked the file is this order's.
  return openArtwork({ userId: file.userId, fileId: input.fileId, storage: input.storage });
}

/** One proof version of this order, or null. */
export async function openOrderProof(input: {
  orderId: string;
  version: number;
  storage?: FileStorage;
}): Promise<ArtworkDownload | null> {
  if (!isOrderId(input.orderId) || !Number.isSafeInteger(input.version) || input.version < 1) return null;
  const db = await getDb();
  const [proof] = await db
    .select()
    .from(orderProofs)
    .where(and(eq(orderProofs.orderId, input.orderId), eq(orderProofs.version, input.version)))
    .limit(1);
  if (!proof) return null;
  const stream = await (input.storage ?? getUploadStorage()).get(proof.storedName);
  if (!stream) return null;
  return { name: proof.originalName, contentType: proof.contentType, size: proof.sizeBytes, stream };
}
