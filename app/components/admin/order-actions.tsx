/**
 * The back-office order page's working forms: send the next proof, change the status, and the
 * order's invoice and credit note.
 */
import { useId } from "react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/form";
import { ADMIN_NOTE_MAX } from "~/domain/orders/admin-orders";
import type { FieldErrors } from "~/domain/core/field-errors";
import { formatPence } from "~/domain/core/money";
import { ORDER_STATUS_LABELS, lineTitle } from "~/domain/fulfilment/orders";
import { PROOF_ACCEPT } from "~/domain/artwork/proof-rules";
import type { StaffOrderDetail } from "~/domain/orders/admin-orders";
import { Card } from "./order-card";
import { KNOWN_CARRIERS } from "~/domain/fulfilment/tracking";

/** What the last post of one of the two forms came back with. */
export type FormReply = { ok: boolean; message: string; fieldErrors?: FieldErrors };

function NoteField({ label, hint }: { label: string; hint: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <p id={`${id}-hint`} className="mt-0.5 text-xs text-muted">
        {hint}
      </p>
      <textarea
        id={id}
        name="note"
        rows={3}
        maxLength={ADMIN_NOTE_MAX}
        aria-describedby={`${id}-hint`}
        className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
      />
    </div>
  );
}

/** The two forms staff work an order with: send the next proof, change the status. */
export function OrderActions(props: {
  order: StaffOrderDetail;
  proofResult?: FormReply;
  statusResult?: FormReply;
  invoiceResult?: FormReply;
  busy: boolean;
}) {
  const { order, proofResult, statusResult, invoiceResult, busy } = props;
  const statusSelectId = `status-to-${order.id}`;
  const sendable = order.lines.filter((line) => line.canSendProof);
  return (
    <aside className="space-y-6" aria-label="Actions">
      <Card id="proof-upload" title="Send a proof">
        {proofResult ? (
          <div className="mt-3">
            <FormMessage tone={proofResult.ok ? "success" : "error"}>{proofResult.message}</FormMessage>
          </div>
        ) : null}
        {sendable.map((line) => (
          <ProofForm
            key={`proof-${line.id}-${order.version}`}
            orderVersion={order.version}
            position={line.position}
            title={lineTitle(order.lines, line)}
            nextVersion={(line.proofs[0]?.version ?? 0) + 1}
            fileError={proofResult?.fieldErrors?.proof}
            busy={busy}
          />
        ))}
        {sendable.length === 0 ? (
          <p className="mt-3 text-sm text-muted">
            Proofs can be sent while the order is paid, waiting for the buyer or has changes requested.
          </p>
        ) : null}
      </Card>

      <Card id="status-change" title="Change status">
        {statusResult ? (
          <div className="mt-3">
            <FormMessage tone={statusResult.ok ? "success" : "error"}>{statusResult.message}</FormMessage>
          </div>
        ) : null}
        {order.statusChoices.length === 0 ? (
          <p className="mt-3 text-sm text-muted">
            {order.status === "proof_sent"
              ? "Waiting for the buyer to answer the proof."
              : "No status change is possible from here."}
          </p>
        ) : (
          <Form method="post" className="mt-3 space-y-3" key={`status-${order.version}`}>
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="version" value={order.version} />
            <div>
              <label htmlFor={statusSelectId} className="block text-sm font-medium">
                New status
              </label>
              <select
                id={statusSelectId}
                name="to"
                className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
                required
              >
                {order.statusChoices.map((status) => (
                  <option key={status} value={status}>
                    {ORDER_STATUS_LABELS[status]}
                  </option>
                ))}
              </select>
              {order.statusChoices.includes("refunded") ? (
                <p className="mt-1 text-xs text-muted">
                  Refunded records a refund made in the payment provider's dashboard; it moves no money. It issues a
                  credit note for the invoice and e-mails it to the buyer.
                </p>
              ) : null}
            </div>
            {order.statusChoices.includes("shipped") ? (
              <>
                <Field
                  label="Carrier"
                  name="carrier"
                  autoComplete="off"
                  maxLength={100}
                  required
                  list="known-carriers"
                  hint={`The buyer's e-mail links the tracking page for ${KNOWN_CARRIERS.join(", ")}.`}
                  error={statusResult?.fieldErrors?.carrier}
                />
                <datalist id="known-carriers">
                  {KNOWN_CARRIERS.map((carrier) => (
                    <option key={carrier} value={carrier} />
                  ))}
                </datalist>
                <Field
                  label="Tracking number"
                  name="trackingNumber"
                  autoComplete="off"
                  maxLength={100}
                  required
                  error={statusResult?.fieldErrors?.trackingNumber}
                />
              </>
            ) : null}
            <NoteField label="Note (optional)" hint="Kept in the order history with your name; the buyer can see it." />
            <button type="submit" className={buttonClass("primary", "w-full")} disabled={busy}>
              Change status
            </button>
          </Form>
        )}
      </Card>

      <Card id="documents" title="Documents">
        <DocumentsPanel order={order} result={invoiceResult} busy={busy} />
      </Card>
    </aside>
  );
}

/** The order's VAT invoice and credit notes as PDFs, and re-sending the invoice to the buyer (decision 019). */
function DocumentsPanel({ order, result, busy }: { order: StaffOrderDetail; result?: FormReply; busy: boolean }) {
  if (!order.invoiceNumber) return <p className="mt-3 text-sm text-muted">This order has no VAT invoice.</p>;
  const link = "font-semibold text-brand underline underline-offset-2";
  return (
    <div className="mt-3 space-y-3 text-sm">
      {result ? <FormMessage tone={result.ok ? "success" : "error"}>{result.message}</FormMessage> : null}
      <ul className="space-y-1">
        <li>
          <a href={`/admin/orders/${order.id}/invoice.pdf`} download className={link}>
            VAT invoice {order.invoiceNumber} (PDF)
          </a>
        </li>
        {order.creditNotes.map((note) => (
          <li key={note.number}>
            <a href={`/admin/orders/${order.id}/credit-notes/${note.number}`} download className={link}>
              Credit note {note.number} (PDF)
            </a>{" "}
            <span className="text-muted">{formatPence(note.grossPence)}</span>
          </li>
        ))}
      </ul>
      <Form method="post">
        <input type="hidden" name="intent" value="invoice" />
        <button type="submit" className={buttonClass("secondary", "w-full")} disabled={busy}>
          Re-send invoice to the buyer
        </button>
      </Form>
    </div>
  );
}

/** The upload form for one line's next proof version. */
function ProofForm(props: {
  orderVersion: number;
  position: number;
  /** The product, named when the order has several. */
  title: string | null;
  nextVersion: number;
  fileError?: string;
  busy: boolean;
}) {
  const name = props.title
    ? `${props.title}: proof version ${props.nextVersion}`
    : `Proof version ${props.nextVersion}`;
  return (
    <Form method="post" encType="multipart/form-data" className="mt-3 space-y-3">
      <input type="hidden" name="intent" value="proof" />
      <input type="hidden" name="version" value={props.orderVersion} />
      <input type="hidden" name="line" value={props.position} />
      <Field
        label={name}
        hint="PDF, PNG or JPEG, up to 20 MB. The buyer is e-mailed a link to approve it or ask for changes."
        name="proof"
        type="file"
        accept={PROOF_ACCEPT}
        required
        error={props.fileError}
      />
      <NoteField
        label="Note to the buyer (optional)"
        hint="Goes in the e-mail and the order history, which the buyer can see."
      />
      <button type="submit" className={buttonClass("primary", "w-full")} disabled={props.busy}>
        Send {props.title ? `${props.title} proof` : "proof"} version {props.nextVersion}
      </button>
    </Form>
  );
}
