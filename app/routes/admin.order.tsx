import { data, Link, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/admin.order";
import { StatusBadge } from "~/components/admin/admin-status-badge";
import { OrderActions, type FormReply } from "~/components/admin/order-actions";
import { londonTime } from "~/components/admin/order-card";
import { OrderDetails } from "~/components/admin/order-details";
import { OrderRecords } from "~/components/admin/order-records";
import { TransferCard } from "~/components/admin/transfer-card";
import { StaffNeedBy } from "~/components/admin/need-by-risk";
import { formatDisplayDate, londonToday } from "~/domain/core/dates";
import {
  ADMIN_NOTE_MAX,
  cancelOrderSchema,
  proofUploadSchema,
  recordedApprovalSchema,
  shipToFormSchema,
  sizesFormSchema,
  statusChangeSchema,
  transferReceivedSchema,
} from "~/domain/orders/admin-orders";
import { OrderEditsCard } from "~/components/admin/order-edits";
import { changeLineSizes, changeShipTo } from "~/server/admin/order-edits.server";
import { RecordedApprovalCard } from "~/components/admin/recorded-approval";
import { recordProofApproval } from "~/server/aftercare/recorded-approvals.server";
import { formatPence } from "~/domain/core/money";
import { ADMIN_NO_STORE, adminNotFound, requireStaff } from "~/server/accounts/admin-access.server";
import { getOrderForStaff } from "~/server/admin/admin-order-detail.server";
import { orderNeedByForStaff } from "~/server/orders/orders-at-risk.server";
import { changeOrderStatus } from "~/server/admin/admin-orders.server";
import { markTransferReceived, recordTransferReturned } from "~/server/admin/transfer-received.server";
import { RETURN_REFERENCE_MAX } from "~/domain/orders/bank-transfer";
import { refundOrder, retryRefund } from "~/server/admin/refunds.server";
import { cancelOrder } from "~/server/admin/cancel-order.server";
import { CancelCard } from "~/components/admin/cancel-card";
import { typedRefundFields } from "~/domain/orders/refunds";
import { RefundCard } from "~/components/admin/refund-card";
import { FormMessage } from "~/components/ui/form";
import { readProofForm, uploadProof } from "~/server/admin/admin-proofs.server";
import { readForm, toResponse, validate } from "~/server/platform/http.server";
import { resendInvoice } from "~/server/documents/invoices.server";
import { dbOf, appContextOf, nowOf } from "~/server/accounts/request-context.server";
import { GuaranteeClaimCard } from "~/components/admin/guarantee-claim-card";
import { claimDecisionAction } from "~/server/aftercare/guarantee-actions.server";
import { claimOf } from "~/server/aftercare/guarantee-claims.server";

/** The address fields a refused "Change the delivery address" sends back as typed. */
const SHIP_TO_KEYS = new Set(Object.keys(shipToFormSchema.shape));

type Intent =
  | "proof"
  | "status"
  | "invoice"
  | "transfer"
  | "claim"
  | "record-approval"
  | "ship-to"
  | "sizes"
  | "refund"
  | "cancel";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  await requireStaff({ request, context });
  const order = await getOrderForStaff(db, params.id);
  if (!order) throw adminNotFound();
  const [needBy, claim] = await Promise.all([
    orderNeedByForStaff(db, { orderId: order.id, now: nowOf(context) }),
    claimOf(db, order.id),
  ]);
  return {
    order,
    needBy,
    claim,
    remedy: appContextOf(context).business.lateDeliveryRemedy,
    today: londonToday(nowOf(context)),
  };
}

/**
 * These forms post here: the proof upload (multipart, with the file), the status change, re-sending
 * the invoice, "Record the payment", the decision on an On-time Guarantee claim, an approval
 * given by phone or e-mail (docs/decisions/039-staff-recorded-approval.md), the delivery address and
 * sizes, and a refund or a pending card refund tried again (docs/decisions/072).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = appContextOf(context);
  const staff = await requireStaff({ request, context });
  if (/^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "")) {
    const intent: Intent = "proof";
    const read = await readProofForm(request);
    if (!read.ok) return toResponse(read, { intent });
    const fields = validate(proofUploadSchema, {
      intent: read.form.get("intent"),
      version: read.form.get("version"),
      note: read.form.get("note") ?? undefined,
      line: read.form.get("line") ?? undefined,
    });
    if (!fields.ok) return toResponse(fields, { intent });
    const result = await uploadProof(ctx, {
      staff,
      orderId: params.id,
      fields: fields.value,
      file: read.form.get("proof"),
    });
    if (!result.ok) return toResponse(result, { intent });
    return data({ intent, message: result.message }, { headers: ADMIN_NO_STORE });
  }

  const form = await readForm(request);
  if (!form.ok) return toResponse(form, { intent: "status" satisfies Intent });
  if (form.value.intent === "invoice") {
    const intent: Intent = "invoice";
    const sent = await resendInvoice(ctx, { staffId: staff.id, orderId: params.id });
    if (!sent.ok) return toResponse(sent, { intent });
    return data({ intent, message: sent.message }, { headers: ADMIN_NO_STORE });
  }
  if (form.value.intent === "claim") return claimDecisionAction(ctx, { staff, orderId: params.id, fields: form.value });
  if (form.value.intent === "record-approval") {
    const intent: Intent = "record-approval";
    const fields = validate(recordedApprovalSchema, form.value);
    if (!fields.ok) return toResponse(fields, { intent });
    const result = await recordProofApproval(ctx, { staff, orderId: params.id, fields: fields.value });
    if (!result.ok) return toResponse(result, { intent });
    return data({ intent, message: result.message }, { headers: ADMIN_NO_STORE });
  }
  if (form.value.intent === "ship-to") {
    const intent: Intent = "ship-to";
    // What staff typed goes back with a refusal, so the address is not lost.
    const typed = Object.fromEntries(
      Object.entries(form.value)
        .filter(([key]) => SHIP_TO_KEYS.has(key))
        .map(([key, value]) => [key, String(value).slice(0, 200)]),
    );
    const fields = validate(shipToFormSchema, form.value);
    if (!fields.ok) return toResponse(fields, { intent, typed });
    const { intent: _intent, version, ...edit } = fields.value;
    const result = await changeShipTo(ctx, { staff, orderId: params.id, version, edit });
    if (!result.ok) return toResponse(result, { intent, typed });
    return data({ intent, message: result.message }, { headers: ADMIN_NO_STORE });
  }
  if (form.value.intent === "sizes") {
    const intent: Intent = "sizes";
    const fields = validate(sizesFormSchema, form.value);
    if (!fields.ok) return toResponse(fields, { intent });
    const result = await changeLineSizes(ctx, {
      staff,
      orderId: params.id,
      ...fields.value,
      lineId: fields.value.line,
    });
    if (!result.ok) return toResponse(result, { intent });
    return data({ intent, message: result.message }, { headers: ADMIN_NO_STORE });
  }
  if (form.value.intent === "cancel") {
    const intent: Intent = "cancel";
    const fields = validate(cancelOrderSchema, form.value);
    const typed = { reason: String(form.value.reason ?? "").slice(0, ADMIN_NOTE_MAX) };
    if (!fields.ok) return toResponse(fields, { intent, typed });
    const result = await cancelOrder(ctx, { staff, orderId: params.id, fields: fields.value, now: nowOf(context) });
    if (!result.ok) return toResponse(result, { intent, typed });
    return data({ intent, message: result.message }, { headers: ADMIN_NO_STORE });
  }
  if (form.value.intent === "refund" || form.value.intent === "refund-retry") {
    const intent: Intent = "refund";
    const result =
      form.value.intent === "refund"
        ? await refundOrder(ctx, { staff, orderId: params.id, fields: form.value, now: nowOf(context) })
        : await retryRefund(ctx, {
            staff,
            orderId: params.id,
            refundId: form.value.refund_id ?? "",
            now: nowOf(context),
          });
    if (!result.ok) return toResponse(result, { intent, typed: typedRefundFields(form.value) });
    return data({ intent, message: result.message }, { headers: ADMIN_NO_STORE });
  }
  if (form.value.intent === "transfer") {
    const intent: Intent = "transfer";
    // What staff typed goes back with a refusal, so the amount is not lost.
    const amount = String(form.value.amount ?? "").slice(0, 20);
    const fields = validate(transferReceivedSchema, form.value);
    if (!fields.ok) return toResponse(fields, { intent, amount });
    const result = await markTransferReceived(ctx, {
      staff,
      orderId: params.id,
      version: fields.value.version,
      receivedPence: fields.value.amount,
      acceptShortfall: fields.value.accept_shortfall,
      arrivedOn: fields.value.arrived_on,
    });
    if (!result.ok) return toResponse(result, { intent, amount });
    return data({ intent, message: result.message }, { headers: ADMIN_NO_STORE });
  }
  if (form.value.intent === "transfer-return") {
    const intent: Intent = "transfer";
    // The reference typed goes back with a refusal, so it is not lost.
    const reference = String(form.value.reference ?? "").slice(0, RETURN_REFERENCE_MAX);
    const result = await recordTransferReturned(ctx, {
      staff,
      orderId: params.id,
      fields: form.value,
      now: nowOf(context),
    });
    if (!result.ok) return toResponse(result, { intent, reference });
    return data({ intent, message: result.message }, { headers: ADMIN_NO_STORE });
  }
  const intent: Intent = "status";
  const change = validate(statusChangeSchema, form.value);
  if (!change.ok) return toResponse(change, { intent });
  const result = await changeOrderStatus(ctx, { staff, orderId: params.id, change: change.value });
  if (!result.ok) return toResponse(result, { intent });
  return data({ intent, message: result.message }, { headers: ADMIN_NO_STORE });
}

export function headers() {
  return ADMIN_NO_STORE;
}

/**
 * A refused change (409: the order moved on meanwhile) must show the order as it is now, so the
 * page reloads its data after every post, not only after successful ones.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod.toUpperCase() !== "GET" ? true : defaultShouldRevalidate;
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, claim } = loaderData;
  const busy = useNavigation().state === "submitting";
  const reply = (intent: Intent): FormReply | undefined => {
    if (actionData?.intent !== intent) return undefined;
    return "error" in actionData
      ? { ok: false, message: actionData.error.message, fieldErrors: actionData.error.fieldErrors }
      : { ok: true, message: actionData.message };
  };

  return (
    <article>
      <p>
        <Link to="/admin/orders" className="text-sm font-semibold text-brand underline-offset-2 hover:underline">
          ← All orders
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-extrabold">Order {order.number}</h1>
        <StatusBadge status={order.status} />
      </div>
      <p className="mt-1 text-sm text-muted">
        {order.paidAt
          ? `Paid ${londonTime(order.paidAt)}`
          : `Placed ${londonTime(order.createdAt)}, ${order.transfer?.termsDays ? "invoice on account" : "bank transfer"} due by ${formatDisplayDate(order.transfer?.dueOn ?? "")}`}{" "}
        · {formatPence(order.amounts.totalPence)} · last changed {londonTime(order.updatedAt)} ·{" "}
        <Link
          to={`/admin/customers/${encodeURIComponent(order.accountId)}`}
          className="font-semibold text-brand underline underline-offset-2"
        >
          The customer's orders, quotes and documents
        </Link>{" "}
        ·{" "}
        <Link
          to={`/admin/orders/${order.id}/job-sheet`}
          className="font-semibold text-brand underline underline-offset-2"
        >
          Job sheet
        </Link>
      </p>
      <StaffNeedBy plan={loaderData.needBy} />

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <OrderDetails order={order} />
        <div className="space-y-6">
          {claim ? (
            <GuaranteeClaimCard
              orderId={order.id}
              claim={claim}
              remedy={loaderData.remedy}
              result={reply("claim")}
              busy={busy}
            />
          ) : null}
          {order.transfer ? (
            <TransferCard
              order={{ ...order, transfer: order.transfer }}
              result={reply("transfer")}
              today={loaderData.today}
              typedAmount={
                actionData && "amount" in actionData && typeof actionData.amount === "string"
                  ? actionData.amount
                  : undefined
              }
              typedReference={
                actionData && "reference" in actionData && typeof actionData.reference === "string"
                  ? actionData.reference
                  : undefined
              }
              busy={busy}
            />
          ) : null}
          {!order.cancel && reply("cancel")?.ok ? (
            // Cancelled: the card has gone with the move it offered; what happened stays in view.
            <FormMessage tone="success">{reply("cancel")?.message}</FormMessage>
          ) : null}
          {order.cancel ? (
            <CancelCard
              order={{ ...order, cancel: order.cancel }}
              result={reply("cancel")}
              typedReason={
                actionData?.intent === "cancel" && "typed" in actionData
                  ? (actionData.typed as { reason?: string }).reason
                  : undefined
              }
              busy={busy}
            />
          ) : null}
          {order.refund ? (
            <RefundCard
              order={{ ...order, refund: order.refund }}
              result={reply("refund")}
              typed={
                actionData?.intent === "refund" && "typed" in actionData
                  ? (actionData.typed as Record<string, string>)
                  : undefined
              }
              busy={busy}
            />
          ) : null}
          <RecordedApprovalCard order={order} result={reply("record-approval")} busy={busy} />
          <OrderEditsCard
            order={order}
            shipToResult={reply("ship-to")}
            sizesResult={reply("sizes")}
            typed={actionData && "typed" in actionData ? (actionData.typed as Record<string, string>) : undefined}
            busy={busy}
          />
          <OrderActions
            order={order}
            proofResult={reply("proof")}
            statusResult={reply("status")}
            invoiceResult={reply("invoice")}
            busy={busy}
          />
        </div>
      </div>

      <OrderRecords order={order} />
    </article>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${loaderData ? `Order ${loaderData.order.number}` : "Order"} | Back office | Swag Studio` },
    { name: "robots", content: "noindex" },
  ];
}
