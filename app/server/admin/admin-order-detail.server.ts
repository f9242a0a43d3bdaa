/**
 * One order as the back office sees it (REQUIREMENTS B-7): everything the buyer
 * chose, the amounts, artwork, proofs and history, and what the status form may offer now.
 * Callers have checked requireStaff; nothing here is scoped to a buyer.
 */
import { fileFindings } from "~/domain/checkout/artwork-preflight";
import { and, desc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  artworkFiles,
  authUser,
  bankTransfers,
  refunds,
  invoices,
  orderProofs,
  orders,
  orderStatusHistory,
  paymentIntents,
} from "#db/schema";
import { BRANDING_METHODS, PROOF_PREFERENCES, SHIPPING_METHODS, addressLines } from "~/domain/pricing/checkout";
import {
  ORDER_STATUS_LABELS,
  canTransition,
  orderPayment,
  proofDecision,
  staffStatusChoices,
  type Actor,
} from "~/domain/fulfilment/orders";
import { isOrderId, statusAfterTransferReceived, toOrderStatus } from "~/domain/fulfilment/orders";
import type { RefundState, StaffOrderDetail, StaffProof } from "~/domain/orders/admin-orders";
import {
  creditedSoFar,
  creditLeft,
  invoicedAmounts,
  type PastCredit,
  refundMethod,
  type RefundMethod,
} from "~/domain/orders/refunds";
import { lineDescription } from "~/domain/orders/order-documents";
import { type OrderLine, readOrderSnapshot } from "~/domain/orders/order-snapshot";
import { soldColourName } from "~/domain/orders/sold-colours";
import { londonToday } from "~/domain/core/dates";
import { creditNotesOfOrder } from "../orders/credit-notes.server";
import { creditsOnOrder } from "./refunds.server";
import {
  answerRecordOf,
  answererName,
  answerRouteForStaff,
  type ProofAnswerRecord,
} from "~/domain/orders/proof-sharing";
import type { Database } from "../platform/db.server";
import { linesOfOrder } from "../orders/order-lines.server";
import { describeSizes, offeredSizes } from "~/domain/pricing/sizes";
import { isOrderEditable } from "~/domain/orders/order-edits";
import type { Product } from "~/catalogue/types";
import { readShelf } from "../catalogue/catalogue-store.server";
import { chargeText } from "~/domain/pricing/charges";

const actorOf = (value: string): Actor => (value === "staff" || value === "buyer" ? value : "system");
const personName = (user: { name: string | null; email: string | null } | null) =>
  user ? (user.name?.trim() ? `${user.name.trim()} (${user.email})` : user.email) : null;

type ProofRow = {
  proof: typeof orderProofs.$inferSelect;
  uploaderName: string | null;
  uploaderEmail: string | null;
};

function toStaffProof({ proof, uploaderName, uploaderEmail }: ProofRow): StaffProof {
  return {
    version: proof.version,
    originalName: proof.originalName,
    contentType: proof.contentType,
    sizeBytes: proof.sizeBytes,
    createdAt: proof.createdAt,
    uploadedBy: personName(uploaderEmail ? { name: uploaderName, email: uploaderEmail } : null) ?? proof.uploadedBy,
    decision: proofDecision(proof.decision),
    comment: proof.comment,
    decidedAt: proof.decidedAt,
    ...staffAnswerView(answerRecordOf(proof)),
  };
}

/** Who answered a proof and how, as the staff proof table says it. */
function staffAnswerView(record: ProofAnswerRecord | null): Pick<StaffProof, "answeredBy" | "answeredHow"> {
  if (!record) return { answeredBy: null, answeredHow: null };
  return { answeredBy: answererName(record), answeredHow: answerRouteForStaff(record) };
}

/** The sizes a sold product is made in today, for changing a split; none for a product gone from the catalogue. */
function sizeOptionsOf(product: Product | undefined): string[] {
  return product ? offeredSizes(product) : [];
}

/** One order as staff see it, or null for an unknown id. */
export async function getOrderForStaff(db: Database, orderId: string): Promise<StaffOrderDetail | null> {
  if (!isOrderId(orderId)) return null;
  const [found] = await db
    .select({ order: orders, buyer: { email: authUser.email, name: authUser.name } })
    .from(orders)
    .leftJoin(authUser, eq(authUser.id, orders.userId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!found) return null;
  const { order, buyer } = found;
  const catalogue = await readShelf(db);
  const actor = alias(authUser, "actor");
  const uploader = alias(authUser, "uploader");
  const receiver = alias(authUser, "receiver");
  const [lines, history, proofs, [invoice], notes, [intent], [transfer], credits, pending] = await Promise.all([
    linesOfOrder(db, order),
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
    db.select({ number: invoices.number }).from(invoices).where(eq(invoices.orderId, order.id)).limit(1),
    creditNotesOfOrder(db, order),
    db
      .select({ provider: paymentIntents.provider })
      .from(paymentIntents)
      .where(eq(paymentIntents.intentId, order.paymentIntentId))
      .limit(1),
    db
      .select({ transfer: bankTransfers, receiverName: receiver.name, receiverEmail: receiver.email })
      .from(bankTransfers)
      .leftJoin(receiver, eq(receiver.id, bankTransfers.receivedBy))
      .where(eq(bankTransfers.orderId, order.id))
      .limit(1),
    creditsOnOrder(db, order),
    db
      .select({ id: refunds.id, grossPence: refunds.grossPence, createdAt: refunds.createdAt })
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), eq(refunds.status, "pending"))),
  ]);

  const { data } = readOrderSnapshot(order.number, order.snapshot);
  const status = toOrderStatus(order.status);
  const payment = orderPayment(order.paidAt, order.onAccount);
  const files = await db
    .select({ id: artworkFiles.id, preview: artworkFiles.previewStoredName })
    .from(artworkFiles)
    .where(
      inArray(
        artworkFiles.draftId,
        lines.map((line) => line.draftId),
      ),
    );
  const stored = new Set(files.map((file) => file.id));
  const previewed = new Set(files.filter((file) => file.preview !== null).map((file) => file.id));
  const ship = data.shipping.address;
  const bill = data.details.billing;
  return {
    id: order.id,
    number: order.number,
    accountId: order.accountId,
    status,
    statusLabel: ORDER_STATUS_LABELS[status],
    version: order.version,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    updatedAt: order.updatedAt,
    lines: lines.map(({ id, position, product, quantity, unitPence, subtotalPence, charges, customization: line }) => {
      const own = proofs.filter(({ proof }) => proof.orderLineId === id).map(toStaffProof);
      return {
        id,
        position,
        product: { id: product.id, title: product.title },
        quantity,
        unitPence,
        subtotalPence,
        charges: charges.map(chargeText).join("; "),
        choices: {
          colour: line.variant.color_hex
            ? `${soldColourName(product, line.variant.color_hex) ?? "Custom"} (${line.variant.color_hex})`
            : null,
          customisations: line.customization_selections,
          sizes: describeSizes(line.sizes),
          handwrittenNote: line.handwritten_note,
          branding: BRANDING_METHODS[line.branding.method],
          placement: line.branding.placement,
          placementDetails: line.branding.placement_details,
          proofPreference: PROOF_PREFERENCES[line.proof.preference],
          previousOrderRef: line.proof.previous_order_ref,
          notes: line.notes,
        },
        artwork: {
          emailLater: line.artwork.email_later,
          files: line.artwork.files.map((file) => ({
            id: file.id,
            name: file.name,
            sizeBytes: file.size,
            uploadedAt: new Date(file.uploaded_at),
            available: stored.has(file.id),
            // Decision 027: the preflight as staff make the proof: findings for this line, the report, consent.
            hasPreview: previewed.has(file.id),
            report: file.preflight ?? null,
            findings: fileFindings(file, {
              product: catalogue.findAnyStatus(product.id),
              method: line.branding.method,
              selections: line.customization_selections,
            }),
            usedAnyway: file.use_anyway,
          })),
        },
        sizeSplit: line.sizes,
        sizeOptions: sizeOptionsOf(catalogue.findAnyStatus(product.id)),
        proofs: own,
        canSendProof: canTransition(status, "proof_sent", "staff", payment) && own[0]?.decision !== "approved",
      };
    }),
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
      fields: {
        company: ship.company,
        firstName: ship.firstName,
        lastName: ship.lastName,
        line1: ship.line1,
        line2: ship.line2,
        city: ship.city,
        postcode: ship.postcode,
        phone: ship.phone,
      },
      country: ship.country,
    },
    editable: isOrderEditable(status),
    amounts: {
      subtotalPence: order.subtotalPence,
      discountPence: order.discountPence,
      shippingPence: order.shippingPence,
      vatPence: order.vatPence,
      vatRate: order.vatRate,
      totalPence: order.totalPence,
      currency: order.currency,
    },
    payment: { intentId: order.paymentIntentId, provider: intent?.provider ?? null },
    transfer: transfer
      ? {
          proformaNumber: transfer.transfer.proformaNumber,
          dueOn: transfer.transfer.dueOn,
          remindedAt: transfer.transfer.remindedAt,
          receivedAt: transfer.transfer.receivedAt,
          receivedBy:
            personName(
              transfer.receiverEmail ? { name: transfer.receiverName, email: transfer.receiverEmail } : null,
            ) ?? transfer.transfer.receivedBy,
          duePence: transfer.transfer.amountPence,
          receivedPence: transfer.transfer.receivedPence,
          expiredAt: transfer.transfer.expiredAt,
          // An expired order can be revived by money that arrives late (decision 022).
          canMarkReceived:
            !transfer.transfer.receivedAt && statusAfterTransferReceived(status, order.onAccount) !== null,
          termsDays: transfer.transfer.termsDays,
          arrivedOn: transfer.transfer.arrivedOn,
          partPaidPence: transfer.transfer.partPaidPence,
          returned:
            transfer.transfer.returnedPence !== null && transfer.transfer.returnedOn !== null
              ? {
                  pence: transfer.transfer.returnedPence,
                  on: transfer.transfer.returnedOn,
                  reference: transfer.transfer.returnedReference ?? "",
                }
              : null,
          canRecordReturn:
            status === "cancelled" &&
            !transfer.transfer.receivedAt &&
            transfer.transfer.partPaidPence > 0 &&
            transfer.transfer.returnedPence === null,
        }
      : null,
    invoiceNumber: invoice?.number ?? null,
    creditNotes: notes,
    cancel: canTransition(status, "cancelled", "staff", payment)
      ? {
          cardRefundPence:
            invoice && order.paidAt && !transfer
              ? creditLeft(invoicedAmounts(order), credits).grossPence || null
              : null,
        }
      : null,
    refund:
      invoice && (order.paidAt || order.onAccount)
        ? refundState({
            order,
            lines,
            credits,
            pending,
            method: refundMethod(order, Boolean(transfer)),
            paidAt: order.paidAt ?? order.createdAt,
          })
        : null,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    promisedDeliveryDate: order.promisedDeliveryDate,
    history: history.map(({ entry, actorName, actorEmail }) => ({
      id: entry.id,
      at: entry.createdAt,
      from: entry.fromStatus === null ? null : toOrderStatus(entry.fromStatus),
      to: toOrderStatus(entry.toStatus),
      actor: actorOf(entry.actor),
      actorName: personName(actorEmail ? { name: actorName, email: actorEmail } : null),
      note: entry.note,
    })),
    statusChoices: staffStatusChoices(status, payment),
    canSendProof: canTransition(status, "proof_sent", "staff", payment),
  };
}

/** What the refund form offers for an invoiced order, from the credits already on its invoice. */
function refundState(input: {
  order: typeof orders.$inferSelect;
  lines: readonly OrderLine[];
  credits: PastCredit[];
  pending: RefundState["pending"];
  method: RefundMethod;
  paidAt: Date;
}): RefundState {
  const { order, credits } = input;
  const done = creditedSoFar(credits);
  return {
    method: input.method,
    byTransfer: input.method === "bank_transfer",
    paidOn: londonToday(input.paidAt),
    left: creditLeft(invoicedAmounts(order), credits),
    lines: input.lines.map((line, index) => ({
      title: lineDescription(line),
      quantity: line.quantity,
      unitPence: line.unitPence,
      left: line.quantity - (done.quantities.get(index) ?? 0),
    })),
    shippingPence: order.shippingPence,
    shippingLeft: order.shippingPence > 0 && !done.shipping,
    pending: input.pending,
  };
}
