/** The contact form's messages: stored and passed on to the sales inbox (SPEC.md §2 "Contact"). */
import { inquiries } from "#db/schema";
import { CONTACT_PURPOSES, type ContactInput } from "~/domain/people/contact-form";
import type { AppContext } from "../providers/app-context.server";
import { receiveSalesMessage, type SalesMessageOutcome } from "../messages/sales-inbox.server";

/** Messages one address may send per hour before being asked to wait (B-22). */
export const INQUIRY_LIMIT_PER_HOUR = 10;

/**
 * Stores a contact-form message and tells the sales inbox (SPEC.md §2 "Contact", decision
 * 057), as every message from anyone does (receiveSalesMessage).
 */
export async function submitInquiry(
  ctx: Pick<AppContext, "db" | "business" | "log">,
  input: {
    data: ContactInput;
    honeypot: string;
    ip: string;
  },
): Promise<SalesMessageOutcome> {
  const { data } = input;
  return receiveSalesMessage(ctx, {
    honeypot: input.honeypot,
    ip: input.ip,
    limit: { bucket: "contact", perHour: INQUIRY_LIMIT_PER_HOUR },
    kind: "Inquiry",
    notification: (id) => inquiryNotification(id, data),
    store: async () => {
      const [row] = await ctx.db
        .insert(inquiries)
        .values({
          firstName: data.first_name,
          lastName: data.last_name,
          email: data.email,
          phone: data.phone ?? null,
          company: data.company,
          deadline: data.deadline ?? null,
          purpose: data.purpose ?? null,
          notes: data.notes ?? null,
        })
        .returning({ id: inquiries.id });
      if (!row) throw new Error("Storing the inquiry returned no row");
      return row.id;
    },
  });
}

/** The e-mail to the sales inbox (its address is the caller's): every field, labelled, in plain text. */
export function inquiryNotification(id: string, data: ContactInput) {
  const lines: [string, string | undefined][] = [
    ["Name", `${data.first_name} ${data.last_name}`],
    ["E-mail", data.email],
    ["Phone", data.phone],
    ["Company", data.company],
    ["Deadline", data.deadline],
    ["Purpose", data.purpose ? CONTACT_PURPOSES[data.purpose] : undefined],
    ["Notes", data.notes],
  ];
  const text = [
    `New enquiry from the contact form (${id}).`,
    "",
    ...lines.map(([label, value]) => `${label}: ${value ?? "(not given)"}`),
    "",
    `Reply to ${data.email}.`,
  ].join("\n");
  return {
    subject: `New enquiry: ${data.first_name} ${data.last_name}, ${data.company}`,
    text,
    meta: { kind: "inquiry", inquiryId: id },
  };
}
