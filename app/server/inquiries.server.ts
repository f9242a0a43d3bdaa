import { inquiries } from "#db/schema";
import { getEnv } from "./env.server";
import { CONTACT_PURPOSES, type ContactInput } from "~/domain/contact-form";
import type { Database } from "./db.server";
import { sendMail } from "./mail.server";
import { hitRateLimit } from "./rate-limit.server";

/** Messages one address may send per hour before being asked to wait (B-22). */
export const INQUIRY_LIMIT_PER_HOUR = 10;

export type InquiryOutcome =
  | { status: "stored"; id: string }
  | { status: "ignored" }
  | { status: "rate_limited"; retryAfterSeconds: number };

/**
 * Stores a contact-form message and tells the sales inbox (SPEC.md §2 "Contact", DESIGN decision
 * 12). A filled honeypot is a bot: it gets the same redirect as a person, so it learns nothing,
 * but nothing is stored or sent.
 */
export async function submitInquiry(
  db: Database,
  input: {
    data: ContactInput;
    honeypot: string;
    ip: string;
  },
): Promise<InquiryOutcome> {
  if (input.honeypot.trim() !== "") return { status: "ignored" };
  const limit = await hitRateLimit(db, `contact:${input.ip}`, INQUIRY_LIMIT_PER_HOUR, 3600);
  if (!limit.allowed) return { status: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };

  const { data } = input;
  const [row] = await db
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

  // The message is safe in the table once stored; a mail failure must not tell the sender it was
  // lost (they would send it twice), so it is logged for the team instead.
  try {
    await sendMail(db, inquiryNotification(row.id, data));
  } catch (error) {
    console.error(`Inquiry ${row.id} stored, but the notification e-mail failed:`, error);
  }
  return { status: "stored", id: row.id };
}

/** The e-mail to the sales inbox: every field, labelled, in plain text. */
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
    to: getEnv().business.salesEmail,
    subject: `New enquiry: ${data.first_name} ${data.last_name}, ${data.company}`,
    text,
    meta: { kind: "inquiry", inquiryId: id },
  };
}
