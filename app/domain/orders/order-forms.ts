/**
 * The order pages' form schemas (zod), apart from orders.ts: a page that only shows an order
 * imports orders.ts, and a zod schema built at module level would take zod (24 kB gzipped) into
 * its JavaScript with it (the JavaScript budget, decision 008). Only the actions, on the server, parse with these.
 */
import { z } from "zod";
import { MAX_ORDER_LINES, PROOF_ANSWER_MESSAGES, PROOF_COMMENT_MAX } from "../fulfilment/orders";

/** An order line by position, as a form posts it; the first when the form names none. */
export function orderLineField(message: string) {
  return z.coerce.number({ error: message }).int().min(1, message).max(MAX_ORDER_LINES, message).default(1);
}

/**
 * The buyer's answer to a proof (B-3), checked once: the order page's action parses the form with
 * it and respondToProof takes what it returns. Changes need a comment; the version is the one the
 * buyer looked at, so a newer proof since can be refused.
 */
export const proofAnswerSchema = z
  .object({
    decision: z.enum(["approve", "changes"], PROOF_ANSWER_MESSAGES.choose),
    comment: z.string().trim().max(PROOF_COMMENT_MAX, PROOF_ANSWER_MESSAGES.commentTooLong).optional(),
    proofVersion: z.coerce.number().int().positive(PROOF_ANSWER_MESSAGES.choose).optional(),
    /** The order line the proof is for, by position; an order of one product has only line 1. */
    line: orderLineField(PROOF_ANSWER_MESSAGES.choose),
  })
  .refine((answer) => answer.decision === "approve" || Boolean(answer.comment), {
    path: ["comment"],
    message: PROOF_ANSWER_MESSAGES.commentRequired,
  });

export type ProofAnswer = z.infer<typeof proofAnswerSchema>;
