/**
 * Staff upload a design proof for an order (REQUIREMENTS B-3). Each upload is a
 * new version (order_proofs keeps every one), moves the order to proof_sent, writes the history,
 * and e-mails the buyer a link to /orders/{id}, where they approve it or ask for changes
 * (app/server/orders/buyer-orders.server.ts respondToProof). Staff then see the comment and upload the next.
 *
 * The file's type comes from its first bytes (app/domain/artwork/proof-rules.ts); the browser's name and
 * Content-Type are not trusted. Files go to the upload storage under random names.
 */
import { desc, eq, sql } from "drizzle-orm";
import { orderProofs, orders, orderStatusHistory } from "#db/schema";
import { ADMIN_MESSAGES, type ProofUploadFields } from "~/domain/orders/admin-orders";
import {
  ORDER_STATUS_LABELS,
  canTransition,
  isOrderId,
  lineTitle,
  orderPayment,
  proofName,
  toOrderStatus,
} from "~/domain/fulfilment/orders";
import {
  PROOF_CONTENT_TYPES,
  PROOF_MAX_BYTES,
  PROOF_FILE_MESSAGES,
  PROOF_SNIFF_BYTES,
  proofFileName,
  proofKind,
} from "~/domain/artwork/proof-rules";
import type { StaffMember } from "../accounts/admin-access.server";
import { orderMailView, proofReadyMail, sendStageMail } from "../messages/admin-mail.server";
import { lockOrder, staleFailure, type AdminChange } from "./admin-orders.server";
import type { AppContext } from "../providers/app-context.server";
import { failure, type Failure } from "../platform/http.server";
import { linesOfOrder } from "../orders/order-lines.server";
import { runPreflight } from "../artwork/preflight.server";
import { deleteStored, putBytes, type FileStorage } from "../providers/storage.server";
import { recordAudit } from "../platform/audit-log.server";

/** A refusal names the proof field, so the form shows it under the file input. */
const proofField = (message: string) => ({ fieldErrors: { proof: message } });

/** Room for the multipart boundaries and the form's text fields around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * The proof form's body, read only up to the proof limit plus the form's overhead: a larger body
 * is refused (413) as it arrives, so a huge upload cannot fill the server's memory first.
 */
export async function readProofForm(
  request: Request,
  maxBytes = PROOF_MAX_BYTES,
): Promise<{ ok: true; form: FormData } | Failure> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType))
    return failure(400, "PROOF_MISSING", PROOF_FILE_MESSAGES.missing, proofField(PROOF_FILE_MESSAGES.missing));
  const limit = maxBytes + FORM_OVERHEAD_BYTES;
  const declared = Number(request.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > limit)
    return failure(413, "PROOF_TOO_LARGE", PROOF_FILE_MESSAGES.tooLarge, proofField(PROOF_FILE_MESSAGES.tooLarge));
  if (!request.body)
    return failure(400, "PROOF_MISSING", PROOF_FILE_MESSAGES.missing, proofField(PROOF_FILE_MESSAGES.missing));

  let size = 0;
  let tooLarge = false;
  const counted = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > limit) {
          tooLarge = true;
          controller.error(new Error(PROOF_FILE_MESSAGES.tooLarge));
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
  try {
    const form = await new Response(counted, { headers: { "Content-Type": contentType } }).formData();
    return { ok: true, form };
  } catch (error) {
    if (tooLarge)
      return failure(413, "PROOF_TOO_LARGE", PROOF_FILE_MESSAGES.tooLarge, proofField(PROOF_FILE_MESSAGES.tooLarge));
    // A body that is not the multipart form it claims to be (a cut-off upload, a hand-made request).
    console.warn("[admin] unreadable proof upload:", error instanceof Error ? error.message : error);
    return failure(400, "PROOF_MISSING", PROOF_FILE_MESSAGES.missing, proofField(PROOF_FILE_MESSAGES.missing));
  }
}

/**
 * Stores `file` as the order's next proof version and sends it to the buyer. Refusals change
 * nothing: no proof row, no file left in storage, no status change, no e-mail.
 */
export async function uploadProof(
  ctx: AppContext,
  input: {
    staff: StaffMember;
    orderId: string;
    /** `line` by position; the first when not named. */
    fields: Omit<ProofUploadFields, "line"> & { line?: number };
    file: FormDataEntryValue | null;
    maxBytes?: number;
    /** Draws a PDF's page one; the preflight sandbox unless a test says otherwise. */
    drawPageOne?: (bytes: Uint8Array) => Promise<Uint8Array | null>;
  },
): Promise<(AdminChange & { proofVersion: number }) | Failure> {
  const { db } = ctx;
  const { staff, fields } = input;
  const maxBytes = input.maxBytes ?? PROOF_MAX_BYTES;
  if (!isOrderId(input.orderId)) return failure(404, "ORDER_NOT_FOUND", ADMIN_MESSAGES.notFound);
  const file = input.file;
  if (!(file instanceof File) || (file.size === 0 && file.name === ""))
    return failure(400, "PROOF_MISSING", PROOF_FILE_MESSAGES.missing, proofField(PROOF_FILE_MESSAGES.missing));
  if (file.size === 0)
    return failure(400, "PROOF_EMPTY", PROOF_FILE_MESSAGES.empty, proofField(PROOF_FILE_MESSAGES.empty));
  if (file.size > maxBytes)
    return failure(413, "PROOF_TOO_LARGE", PROOF_FILE_MESSAGES.tooLarge, proofField(PROOF_FILE_MESSAGES.tooLarge));
  const kind = proofKind(new Uint8Array(await file.slice(0, PROOF_SNIFF_BYTES).arrayBuffer()));
  if (!kind)
    return failure(415, "PROOF_WRONG_TYPE", PROOF_FILE_MESSAGES.wrongType, proofField(PROOF_FILE_MESSAGES.wrongType));
  // Checked before the bytes are written, so a stale page or a finished order costs no disk.
  const [before] = await db
    .select({ status: orders.status, version: orders.version, paidAt: orders.paidAt, onAccount: orders.onAccount })
    .from(orders)
    .where(eq(orders.id, input.orderId))
    .limit(1);
  if (!before) return failure(404, "ORDER_NOT_FOUND", ADMIN_MESSAGES.notFound);
  if (before.version !== fields.version) return staleFailure(before);
  if (
    !canTransition(toOrderStatus(before.status), "proof_sent", "staff", orderPayment(before.paidAt, before.onAccount))
  ) {
    return failure(409, "INVALID_TRANSITION", ADMIN_MESSAGES.proofNotAllowed(toOrderStatus(before.status)));
  }

  const { storage } = ctx;
  const stored = await storage.put(file.stream());
  const preview = kind === "pdf" ? await storePageOne(storage, file, input.drawPageOne ?? drawPdfPageOne) : null;
  const stores = [stored.storedName, preview];
  const name = proofFileName(file.name, kind);
  type Sent = AdminChange & { proofVersion: number };
  let result: Sent | Failure;
  try {
    result = await db.transaction(async (tx): Promise<Sent | Failure> => {
      const order = await lockOrder(tx, input.orderId);
      if (!order) return failure(404, "ORDER_NOT_FOUND", ADMIN_MESSAGES.notFound);
      if (order.version !== fields.version) return staleFailure(order);
      const from = toOrderStatus(order.status);
      if (!canTransition(from, "proof_sent", "staff", orderPayment(order.paidAt, order.onAccount)))
        return failure(409, "INVALID_TRANSITION", ADMIN_MESSAGES.proofNotAllowed(from));

      const lines = await linesOfOrder(tx, order);
      const line = lines.find((each) => each.position === (fields.line ?? 1));
      if (!line) return failure(409, "NO_SUCH_LINE", ADMIN_MESSAGES.noSuchLine);
      const [latest] = await tx
        .select({ version: orderProofs.version, decision: orderProofs.decision })
        .from(orderProofs)
        .where(eq(orderProofs.orderLineId, line.id))
        .orderBy(desc(orderProofs.version))
        .limit(1);
      if (latest?.decision === "approved")
        return failure(409, "LINE_APPROVED", ADMIN_MESSAGES.lineApproved(line.product.title));
      const proofVersion = (latest?.version ?? 0) + 1;
      const title = lineTitle(lines, line);
      const label = proofName(proofVersion, title);
      await tx.insert(orderProofs).values({
        orderId: order.id,
        orderLineId: line.id,
        version: proofVersion,
        storedName: stored.storedName,
        originalName: name,
        contentType: PROOF_CONTENT_TYPES[kind],
        sizeBytes: stored.size,
        uploadedBy: staff.id,
        note: fields.note || null,
        previewStoredName: preview,
      });
      const [updated] = await tx
        .update(orders)
        .set({ status: "proof_sent", version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
        .where(eq(orders.id, order.id))
        .returning({ version: orders.version });
      await tx.insert(orderStatusHistory).values({
        orderId: order.id,
        fromStatus: from,
        toStatus: "proof_sent",
        actor: "staff",
        actorUserId: staff.id,
        note: fields.note ? `${label} sent: ${fields.note}` : `${label} sent`,
      });
      await recordAudit(tx, staff, {
        action: "order.proof",
        subject: { kind: "order", id: order.id },
        summary: `Order ${order.number}: ${label} sent`,
        before: { status: from },
        after: { status: "proof_sent", proofVersion, note: fields.note || null },
      });
      // The buyer's e-mail leaves with the commit (decision 030); a mail fault never takes the proof back.
      await sendStageMail(
        tx,
        proofReadyMail({
          ...orderMailView(ctx, order),
          version: proofVersion,
          note: fields.note,
          product: title,
          productTitle: line.product.title,
        }),
      );
      return {
        ok: true,
        status: "proof_sent",
        version: updated?.version ?? order.version + 1,
        proofVersion,
        message: `${label} sent to the buyer. The order is now "${ORDER_STATUS_LABELS.proof_sent}".`,
      };
    });
  } catch (error) {
    await deleteStored(storage, stores);
    throw error;
  }
  if (!result.ok) await deleteStored(storage, stores);
  return result;
}

/**
 * A PDF proof's page one as a PNG, drawn in the same sandbox and limits as an artwork's preview
 * (decision 038), so the buyer sees the proof on the order page; null when it cannot be drawn in
 * time (the page then offers the file only). Staff upload proofs, so the per-account queue of
 * buyers' checks is not involved.
 */
async function drawPdfPageOne(bytes: Uint8Array): Promise<Uint8Array | null> {
  const result = await runPreflight("pdf", bytes);
  return result.ok ? result.preview : null;
}

async function storePageOne(
  storage: FileStorage,
  file: File,
  draw: (bytes: Uint8Array) => Promise<Uint8Array | null>,
): Promise<string | null> {
  const png = await draw(new Uint8Array(await file.arrayBuffer())).catch(() => null);
  if (!png) return null;
  return (await putBytes(storage, png)).storedName;
}
