/** The order page's "Share for approval": a link for a colleague without an account, and revoking live links. */
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { CopyLink } from "~/components/ui/copy-link";
import { FormMessage } from "~/components/ui/form";
import { SHARE_LINK_MESSAGES } from "~/domain/orders/proof-sharing";

export type ShareReply =
  | { ok: true; intent: "share-proof"; line: number; url: string; expires: string }
  | { ok: true; intent: "revoke-share"; line: number }
  | { ok: false; line: number; message: string };

type Link = { id: string; proofId: string; created: string; expires: string };

/**
 * "Share for approval" under a line's proof that waits for an answer (decision 025): a link for
 * a colleague without an account, shown once when made (only its hash is kept), and the line's
 * live links, each with "Revoke".
 */
export function ProofShare(props: {
  position: number;
  /** The version waiting for an answer, or null when nothing can be shared now. */
  proof: { id: string; version: number } | null;
  links: Link[];
  reply: ShareReply | null;
  busy: boolean;
}) {
  const reply = props.reply?.line === props.position ? props.reply : null;
  // Links to an older or answered version no longer open anything, so only the waiting one's are listed.
  const proof = props.proof;
  if (!proof) return null;
  const links = props.links.filter((link) => link.proofId === proof.id);
  return (
    <div className="mt-4 space-y-3 rounded-lg bg-slate-50 p-3 text-sm" data-testid="proof-share">
      {reply && !reply.ok ? <FormMessage>{reply.message}</FormMessage> : null}
      {reply?.ok && reply.intent === "revoke-share" ? (
        <FormMessage tone="success">{SHARE_LINK_MESSAGES.revokedDone}</FormMessage>
      ) : null}
      <Form method="post" className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="share-proof" />
        <input type="hidden" name="line" value={props.position} />
        <input type="hidden" name="proofVersion" value={proof.version} />
        <button type="submit" disabled={props.busy} className={buttonClass("secondary")}>
          Share for approval
        </button>
        <span className="text-muted">A colleague can approve or ask for changes without an account.</span>
      </Form>
      {reply?.ok && reply.intent === "share-proof" ? <NewLink url={reply.url} expires={reply.expires} /> : null}
      {links.length > 0 ? (
        <div className="mt-3">
          <h4 className="font-semibold">Live share links</h4>
          <ul className="mt-1 space-y-1">
            {links.map((link) => (
              <li key={link.id} className="flex flex-wrap items-center justify-between gap-2" data-testid="share-link">
                <span>
                  Created {link.created}, works until {link.expires}
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke-share" />
                  <input type="hidden" name="line" value={props.position} />
                  <input type="hidden" name="linkId" value={link.id} />
                  <button type="submit" disabled={props.busy} className={buttonClass("ghost", "text-red-700")}>
                    Revoke<span className="sr-only"> the link created {link.created}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function NewLink({ url, expires }: { url: string; expires: string }) {
  return (
    <div className="mt-3 space-y-2">
      <FormMessage tone="success">{SHARE_LINK_MESSAGES.created}</FormMessage>
      <CopyLink id="share-link-url" label={`Share link (works until ${expires})`} url={url} />
    </div>
  );
}
