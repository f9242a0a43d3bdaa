/** What the account page's sections share: an action's reply, the card styles, and the message each form shows. */
import type { ReactNode } from "react";
import { FormMessage } from "~/components/ui/form";
import { type FormReply, formMessage } from "../ui/form-error";

/** What an /account concern's action answers: the step it took (`intent`), the state its form needs, any error. */
export type AccountReply = FormReply & {
  intent?: string;
  newEmail?: string;
  enrolment?: { secret: string; qrCode: string; backupCodes: string[] };
};

export const card = "rounded-2xl border border-slate-200 p-6";
export const h2 = "text-xl font-bold";

/** The reply when it answers one of these steps, else nothing: each form shows only its own. */
export function replyFor(reply: AccountReply | undefined, ...intents: string[]): AccountReply | undefined {
  return reply && intents.includes(reply.intent ?? "") ? reply : undefined;
}

/** A step's error, or `success` once it is done. */
export function ReplyMessage({ reply, success }: { reply: AccountReply | undefined; success: ReactNode }) {
  if (!reply) return null;
  const message = formMessage(reply);
  if (message) return <FormMessage>{message}</FormMessage>;
  return reply.error ? null : <FormMessage tone="success">{success}</FormMessage>;
}
