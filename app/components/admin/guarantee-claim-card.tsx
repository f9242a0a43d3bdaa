/** The back-office order page's On-time Guarantee claim card: the buyer's claim, and accepting or refusing it. */
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { CLAIM_REASON_MAX } from "~/domain/fulfilment/guarantee";
import { formatPence } from "~/domain/core/money";
import { Card, Facts, londonTime, CardReply } from "./order-card";
import type { FormReply } from "./order-actions";

export type StaffClaimView = {
  status: "open" | "accepted" | "refused";
  note: string | null;
  daysLate: number;
  claimedAt: Date | string;
  reason: string | null;
  decidedAt: Date | string | null;
  remedy: string | null;
  creditNoteNumber: string | null;
  creditPence: number | null;
};

/**
 * An order's On-time Guarantee claim in the back office (decision 026): what the buyer said,
 * and while open, accept or refuse with a reason the buyer is e-mailed. Accepting issues the
 * remedy (a credit note when it names an amount).
 */
export function GuaranteeClaimCard({
  orderId,
  claim,
  remedy,
  result,
  busy,
}: {
  orderId: string;
  claim: StaffClaimView;
  remedy: string;
  result?: FormReply;
  busy: boolean;
}) {
  const reasonError = result && !result.ok ? result.fieldErrors?.reason : undefined;
  return (
    <Card id="guarantee-claim" title="On-time Guarantee claim">
      <CardReply result={result} />
      <Facts
        rows={[
          ["Claimed", londonTime(new Date(claim.claimedAt))],
          ["Days late", String(claim.daysLate)],
          ["Buyer's note", claim.note ?? "None"],
          ["Status", claim.status === "open" ? "Open" : claim.status === "accepted" ? "Accepted" : "Refused"],
          ...(claim.decidedAt
            ? ([
                ["Decided", londonTime(new Date(claim.decidedAt))],
                ["Reason", claim.reason ?? ""],
              ] as Array<[string, string]>)
            : []),
          ...(claim.creditNoteNumber && claim.creditPence
            ? ([["Credit note", `${claim.creditNoteNumber} for ${formatPence(claim.creditPence)}`]] as Array<
                [string, string]
              >)
            : []),
        ]}
      />
      {claim.creditNoteNumber && claim.creditPence ? (
        <p className="mt-3 text-sm">
          <a
            href={`/admin/orders/${orderId}/guarantee-credit-note.pdf`}
            download
            className="font-semibold text-brand underline underline-offset-2"
          >
            Credit note {claim.creditNoteNumber} (PDF)
          </a>
        </p>
      ) : null}
      {claim.status === "open" ? (
        <Form method="post" className="mt-4 space-y-3">
          <input type="hidden" name="intent" value="claim" />
          <p className="text-sm text-muted">Accepting gives the remedy: {remedy}</p>
          <div>
            <label htmlFor="claim-reason" className="block text-sm font-medium">
              Reason (the buyer reads it)
            </label>
            <textarea
              id="claim-reason"
              name="reason"
              rows={3}
              maxLength={CLAIM_REASON_MAX}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? "claim-reason-error" : undefined}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
            />
            {reasonError ? (
              <p id="claim-reason-error" className="mt-1 text-sm text-red-700">
                {reasonError}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="submit" name="decision" value="accept" disabled={busy} className={buttonClass("primary")}>
              Accept the claim
            </button>
            <button type="submit" name="decision" value="refuse" disabled={busy} className={buttonClass("secondary")}>
              Refuse the claim
            </button>
          </div>
        </Form>
      ) : null}
    </Card>
  );
}
