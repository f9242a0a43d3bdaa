/** The back-office order page's "Record an approval by phone or e-mail" card, one form per line whose proof waits. */
import { useId } from "react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/form";
import { ADMIN_NOTE_MAX, APPROVER_NAME_MAX, type StaffOrderDetail } from "~/domain/orders/admin-orders";
import { lineProofState, lineTitle } from "~/domain/fulfilment/orders";
import { Card, CardReply } from "./order-card";
import type { FormReply } from "./order-actions";

/**
 * "Record an approval" (docs/decisions/039-staff-recorded-approval.md): for each line whose latest
 * proof waits for the buyer, staff note who approved it by phone or e-mail, when, and a note.
 */
export function RecordedApprovalCard(props: { order: StaffOrderDetail; result?: FormReply; busy: boolean }) {
  const { order, result, busy } = props;
  const waiting =
    order.status === "proof_sent"
      ? order.lines.filter((line) => lineProofState(line.proofs[0]) === "awaiting_answer")
      : [];
  // Once the last waiting proof is approved the forms go, and the answer stays in their place:
  // it is the only sign the approval was recorded, not a flash before the page's data reloads.
  if (waiting.length === 0 && !result) return null;
  return (
    <Card id="record-approval" title="Record an approval by phone or e-mail">
      <CardReply result={result} />
      {waiting.map((line) => (
        <RecordedApprovalForm
          key={`approve-${line.id}-${order.version}`}
          position={line.position}
          title={lineTitle(order.lines, line)}
          proofVersion={line.proofs[0]?.version ?? 1}
          fieldErrors={result?.ok ? undefined : result?.fieldErrors}
          busy={busy}
        />
      ))}
    </Card>
  );
}

function RecordedApprovalForm(props: {
  position: number;
  title: string | null;
  proofVersion: number;
  fieldErrors?: FormReply["fieldErrors"];
  busy: boolean;
}) {
  const id = useId();
  const name = props.title
    ? `${props.title}: proof version ${props.proofVersion}`
    : `Proof version ${props.proofVersion}`;
  const errors = props.fieldErrors;
  const methodError = errors?.method;
  return (
    <Form method="post" className="mt-3 space-y-3" aria-label={`Record approval of ${name}`}>
      <input type="hidden" name="intent" value="record-approval" />
      <input type="hidden" name="line" value={props.position} />
      <input type="hidden" name="proofVersion" value={props.proofVersion} />
      <p className="text-sm font-medium">{name}</p>
      <fieldset aria-describedby={methodError ? `${id}-method-error` : undefined}>
        <legend className="text-sm font-medium">How the buyer approved</legend>
        <div className="mt-1 flex gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name="method" value="phone" required /> Phone call
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="method" value="email" required /> E-mail
          </label>
        </div>
        {methodError ? (
          <p id={`${id}-method-error`} className="mt-1 text-xs text-red-700">
            {methodError}
          </p>
        ) : null}
      </fieldset>
      <Field
        label="Who approved"
        name="approverName"
        autoComplete="off"
        maxLength={APPROVER_NAME_MAX}
        required
        error={errors?.approverName}
      />
      <Field
        label="When they approved (UK time)"
        name="approvedAt"
        type="datetime-local"
        required
        error={errors?.approvedAt}
      />
      <div>
        <label htmlFor={`${id}-note`} className="block text-sm font-medium">
          Note (optional)
        </label>
        <p id={`${id}-note-hint`} className="mt-0.5 text-xs text-muted">
          Kept with the proof and in the order history.
        </p>
        <textarea
          id={`${id}-note`}
          name="note"
          rows={3}
          maxLength={ADMIN_NOTE_MAX}
          aria-describedby={`${id}-note-hint`}
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
        />
      </div>
      <button type="submit" className={buttonClass("primary", "w-full")} disabled={props.busy}>
        Record approval
      </button>
    </Form>
  );
}
