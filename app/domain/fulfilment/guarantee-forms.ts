/**
 * The guarantee claim's form schemas (zod), apart from guarantee.ts: the order page imports that
 * for the claim's rules, and a zod schema built at module level would take zod (24 kB gzipped) into
 * its JavaScript with it (the JavaScript budget, decision 008). Only the actions, on the server, parse with these.
 */
import { z } from "zod";
import { CLAIM_NOTE_MAX, CLAIM_REASON_MAX } from "./guarantee";

export const CLAIM_FORM_MESSAGES = {
  noteTooLong: `Keep your note under ${CLAIM_NOTE_MAX} characters.`,
  chooseDecision: "Choose accept or refuse.",
  reasonRequired: "Give the buyer a reason.",
  reasonTooLong: `Keep the reason under ${CLAIM_REASON_MAX} characters.`,
} as const;

/** The buyer's claim form: an optional short note. */
export const claimFormSchema = z.object({
  note: z.string().trim().max(CLAIM_NOTE_MAX, CLAIM_FORM_MESSAGES.noteTooLong).default(""),
});

/** Staff's decision on a claim: accept or refuse, always with a reason the buyer reads. */
export const claimDecisionSchema = z.object({
  decision: z.enum(["accept", "refuse"], CLAIM_FORM_MESSAGES.chooseDecision),
  reason: z
    .string(CLAIM_FORM_MESSAGES.reasonRequired)
    .trim()
    .min(1, CLAIM_FORM_MESSAGES.reasonRequired)
    .max(CLAIM_REASON_MAX, CLAIM_FORM_MESSAGES.reasonTooLong),
});
