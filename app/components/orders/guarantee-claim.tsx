/** The order page's On-time Guarantee: the offer to claim a late delivery, the claim, and staff's decision. */
import { Form } from "react-router";
import { formatDisplayDate, formatDisplayDay } from "~/domain/core/dates";
import { CLAIM_NOTE_MAX, type GuaranteeEligibility } from "~/domain/fulfilment/guarantee";
import { formatPence } from "~/domain/core/money";
import { buttonClass } from "../ui/button";
import { FormMessage } from "../ui/form";

export type GuaranteeClaimView = {
  status: "open" | "accepted" | "refused";
  claimedAt: Date | string;
  daysLate: number;
  reason: string | null;
  remedy: string | null;
  creditNoteNumber: string | null;
  creditPence: number | null;
};

/** The claim form's answer: a refusal keeps what was typed. */
export type ClaimReply = { ok: true; message: string } | { ok: false; message: string; note: string };

/**
 * The On-time Guarantee on the order page (decision 026): the offer to claim while the order is
 * eligible, then the claim and, once staff decide, the outcome with its reason and any credit note.
 */
export function GuaranteeClaim({
  orderId,
  claim,
  eligibility,
  remedy,
  reply,
  busy,
}: {
  orderId: string;
  claim: GuaranteeClaimView | null;
  eligibility: GuaranteeEligibility;
  remedy: string;
  reply: ClaimReply | undefined;
  busy: boolean;
}) {
  if (!claim && !eligibility.eligible) return null;
  return (
    <section
      id="guarantee"
      aria-labelledby="guarantee-heading"
      className="rounded-2xl border border-slate-200 p-5"
      data-testid="guarantee"
    >
      <h2 id="guarantee-heading" className="text-xl font-bold">
        On-time Guarantee
      </h2>
      {reply?.ok ? (
        <div className="mt-3">
          <FormMessage tone="success">{reply.message}</FormMessage>
        </div>
      ) : null}
      {claim ? <ClaimOutcome orderId={orderId} claim={claim} /> : null}
      {!claim && eligibility.eligible ? (
        <Form method="post" className="mt-3 space-y-3">
          <p className="text-sm">
            Your order arrived {eligibility.daysLate} days after the date we promised. You can claim our late-delivery
            remedy until {formatDisplayDate(eligibility.claimBy)}: {remedy}
          </p>
          {reply && !reply.ok ? <FormMessage>{reply.message}</FormMessage> : null}
          <input type="hidden" name="intent" value="guarantee" />
          <div>
            <label htmlFor="guarantee-note" className="block text-sm font-medium">
              A note for our team (optional)
            </label>
            <p id="guarantee-note-hint" className="text-xs text-muted">
              Up to {CLAIM_NOTE_MAX.toLocaleString("en-GB")} characters.
            </p>
            <textarea
              id="guarantee-note"
              name="note"
              rows={3}
              maxLength={CLAIM_NOTE_MAX}
              defaultValue={reply && !reply.ok ? reply.note : ""}
              aria-describedby="guarantee-note-hint"
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
            />
          </div>
          <button type="submit" disabled={busy} className={buttonClass("primary")}>
            Claim the On-time Guarantee
          </button>
        </Form>
      ) : null}
    </section>
  );
}

function ClaimOutcome({ orderId, claim }: { orderId: string; claim: GuaranteeClaimView }) {
  const claimed = `You claimed on ${formatDisplayDay(claim.claimedAt)} (${claim.daysLate} days late).`;
  if (claim.status === "open")
    return (
      <p className="mt-3 text-sm" data-testid="claim-status">
        {claimed} Your claim is with our team; we'll e-mail you their answer.
      </p>
    );
  if (claim.status === "refused")
    return (
      <div className="mt-3 space-y-1 text-sm" data-testid="claim-status">
        <p>
          {claimed} <strong>We could not accept your claim.</strong>
        </p>
        <p className="break-words">Our reason: {claim.reason}</p>
      </div>
    );
  return (
    <div className="mt-3 space-y-1 text-sm" data-testid="claim-status">
      <p>
        {claimed} <strong>Your claim is accepted.</strong>
      </p>
      <p>The remedy: {claim.remedy}</p>
      {claim.creditNoteNumber && claim.creditPence ? (
        <>
          <p>
            Credit note {claim.creditNoteNumber} for {formatPence(claim.creditPence)} is issued and was e-mailed to you.
          </p>
          <p>
            <a
              href={`/orders/${orderId}/guarantee-credit-note.pdf`}
              download
              className="font-semibold text-brand underline underline-offset-2"
            >
              Download credit note {claim.creditNoteNumber} (PDF)
            </a>
          </p>
        </>
      ) : null}
      <p className="break-words">Our note: {claim.reason}</p>
    </div>
  );
}

/** The claim form's answer from the order page's action data. */
export function claimReply(actionData: unknown): ClaimReply | undefined {
  if (!actionData || typeof actionData !== "object" || !("intent" in actionData) || actionData.intent !== "guarantee")
    return undefined;
  if ("error" in actionData) {
    const { error } = actionData as { error: { message: string } };
    const note = "note" in actionData && typeof actionData.note === "string" ? actionData.note : "";
    return { ok: false, message: error.message, note };
  }
  return { ok: true, message: "message" in actionData ? String(actionData.message) : "" };
}
