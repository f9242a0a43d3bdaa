/** The order page's proofs of each line: every version with its answer, and the form to answer the latest. */
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { PROOF_COMMENT_MAX } from "~/domain/fulfilment/orders";

type Proof = {
  id: string;
  version: number;
  originalName: string;
  decision: "approved" | "changes_requested" | null;
  comment: string | null;
  /** Who answered, when and by which route (decision 025). */
  answeredText?: string | null;
};

/** A proof version of an order line, served only to those who may read the order (order-proof.ts). */
export function proofFileHref(orderId: string, position: number, version: number): string {
  return `/orders/${orderId}/proofs/${version}${position > 1 ? `?line=${position}` : ""}`;
}

/**
 * One order line's proofs on the buyer's order page (decision 015): every version, newest
 * first, with its answer, and the form to answer the latest while it waits for the buyer.
 */
export function LineProofs(props: {
  orderId: string;
  position: number;
  /** The product's title, shown when the order has more than one line. */
  title: string | null;
  proofs: Proof[];
  canRespond: boolean;
  busy: boolean;
  /** What to say while no proof has been sent. */
  emptyText: string;
  /** The latest version shown inline, above the answer (proof-view.tsx). */
  latestView?: React.ReactNode;
  /** Sharing the proof for approval (proof-share.tsx). */
  children?: React.ReactNode;
}) {
  const latest = props.proofs[0];
  const commentId = `proof-comment-${props.position}`;
  return (
    <div className="mt-3" data-testid="line-proofs">
      {props.title ? <h3 className="font-semibold">{props.title}</h3> : null}
      {props.proofs.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{props.emptyText}</p>
      ) : (
        <ul className="mt-2 space-y-2 text-sm">
          {props.proofs.map((proof) => (
            <li
              key={proof.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-100 px-3 py-2"
            >
              <a
                className="font-medium text-brand underline"
                href={proofFileHref(props.orderId, props.position, proof.version)}
              >
                Version {proof.version}: {proof.originalName}
              </a>
              <span className="text-muted">
                {proof.decision === "approved"
                  ? "Approved"
                  : proof.decision === "changes_requested"
                    ? `Changes requested: ${proof.comment ?? ""}`
                    : "Waiting for your answer"}
              </span>
              {proof.answeredText ? (
                <span className="w-full text-xs text-muted" data-testid="proof-answered-by">
                  {proof.answeredText}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {latest && props.latestView ? <div className="mt-3">{props.latestView}</div> : null}
      {props.canRespond && latest ? (
        <Form method="post" className="mt-4 space-y-3">
          <input type="hidden" name="line" value={props.position} />
          <input type="hidden" name="proofVersion" value={latest.version} />
          <button
            type="submit"
            name="decision"
            value="approve"
            disabled={props.busy}
            className={buttonClass("primary")}
          >
            Approve version {latest.version}
          </button>
          <div>
            <label htmlFor={commentId} className="block text-sm font-medium">
              Or tell us what to change
            </label>
            <textarea
              id={commentId}
              name="comment"
              rows={3}
              maxLength={PROOF_COMMENT_MAX}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
            />
          </div>
          <button
            type="submit"
            name="decision"
            value="changes"
            disabled={props.busy}
            className={buttonClass("secondary")}
          >
            Request changes
          </button>
        </Form>
      ) : null}
      {props.children}
    </div>
  );
}
