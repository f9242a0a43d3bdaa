/**
 * The back office's inbox (B-7, B-14): what people sent through the site's forms, newest
 * first, as a page of rows and as a CSV file. Each kind names its columns once; the page and the
 * export read the same list, so they cannot disagree.
 */
import { count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { authUser, feedback, inquiries, quoteRequests, smsSignups } from "#db/schema";
import type { ProductLookup } from "~/catalogue/lookup";
import { INBOX_PAGE_SIZE, type InboxKind } from "~/domain/orders/admin-orders";
import { formatDisplayDate, formatLondonDateTime } from "~/domain/core/dates";
import { toCsv, type CsvValue } from "~/domain/core/csv";
import type { Database } from "../platform/db.server";
import { customQuoteReplyBy } from "~/domain/checkout/quote-records";
import { readShelf } from "../catalogue/catalogue-store.server";
/** A cell: what the page shows, and what the CSV holds (times in ISO 8601 UTC there, for spreadsheets). */
export type InboxCell = { text: string; csv: CsvValue };
export type InboxPage = { columns: string[]; rows: InboxCell[][]; total: number; page: number; pageCount: number };

/** Enough for any export a person will open in a spreadsheet; the newest rows win. */
const EXPORT_MAX_ROWS = 50_000;

const textCell = (value: string | null | undefined): InboxCell => ({ text: value ?? "", csv: value ?? "" });
const timeCell = (value: Date | null | undefined): InboxCell => ({
  text: value ? formatLondonDateTime(value) : "",
  csv: value ?? null,
});

/** A calendar date: the site's date format on the page, ISO in the CSV. */
const dateCell = (value: string | null | undefined): InboxCell => ({
  text: value ? formatDisplayDate(value) : "",
  csv: value ?? "",
});

type Slice = { limit: number; offset: number };

type Source = {
  columns: string[];
  total(db: Database): Promise<number>;
  rows(db: Database, slice: Slice): Promise<InboxCell[][]>;
};

/**
 * quote_requests.items (db/tables/admin.ts): a catalogue product, or a product to source as the
 * buyer named it ("Request this product"); a malformed line is shown as "?".
 */
const quoteItem = z.union([
  z.object({ productId: z.string(), quantity: z.number(), notes: z.string().optional() }),
  z.object({ wanted: z.string(), quantity: z.number() }),
]);

export function itemsText(items: unknown, products: ProductLookup): string {
  if (!Array.isArray(items)) return "";
  return items
    .map((item: unknown) => {
      const parsed = quoteItem.safeParse(item);
      if (!parsed.success) return "?";
      const line = parsed.data;
      if ("wanted" in line) return `${line.quantity} × ${line.wanted} (to source)`;
      const title = products(line.productId)?.title ?? `Product ${line.productId}`;
      return `${line.quantity} × ${title}${line.notes?.trim() ? ` (${line.notes.trim()})` : ""}`;
    })
    .join("; ");
}

const SOURCES: Record<InboxKind, Source> = {
  inquiries: {
    columns: ["Received", "First name", "Last name", "E-mail", "Phone", "Company", "Deadline", "Purpose", "Notes"],
    async total(db) {
      const [row] = await db.select({ n: count() }).from(inquiries);
      return row?.n ?? 0;
    },
    async rows(db, { limit, offset }) {
      const rows = await db
        .select()
        .from(inquiries)
        .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => [
        timeCell(r.createdAt),
        textCell(r.firstName),
        textCell(r.lastName),
        textCell(r.email),
        textCell(r.phone),
        textCell(r.company),
        textCell(r.deadline),
        textCell(r.purpose),
        textCell(r.notes),
      ]);
    },
  },
  quotes: {
    columns: [
      "Received",
      "Reply by",
      "Name",
      "E-mail",
      "Company",
      "Items",
      "Needed by",
      "Notes",
      "Asked on",
      "Account e-mail",
    ],
    async total(db) {
      const [row] = await db.select({ n: count() }).from(quoteRequests);
      return row?.n ?? 0;
    },
    async rows(db, { limit, offset }) {
      const { findAnyStatus } = await readShelf(db);
      const rows = await db
        .select({ request: quoteRequests, email: authUser.email })
        .from(quoteRequests)
        .leftJoin(authUser, eq(authUser.id, quoteRequests.userId))
        .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
        .limit(limit)
        .offset(offset);
      return rows.map(({ request, email }) => [
        timeCell(request.createdAt),
        // The day we promised an answer by (R-POL-07, decision 021).
        dateCell(customQuoteReplyBy(request.createdAt)),
        textCell(request.contactName),
        textCell(request.email),
        textCell(request.company),
        textCell(itemsText(request.items, findAnyStatus)),
        dateCell(request.neededBy),
        textCell(request.notes),
        textCell(request.sourcePage),
        textCell(email),
      ]);
    },
  },
  sms: {
    // "Confirmed by the phone": when it replied YES, followed its link or texted START (decision 034);
    // empty: never text it. "Opted out": when it said STOP or used its unsubscribe link: never text it.
    columns: [
      "Phone",
      "Consent given",
      "Consent wording",
      "Signed up on page",
      "Account e-mail",
      "First signed up",
      "Confirmed by the phone",
      "Opted out",
    ],
    async total(db) {
      const [row] = await db.select({ n: count() }).from(smsSignups);
      return row?.n ?? 0;
    },
    async rows(db, { limit, offset }) {
      const rows = await db
        .select({ signup: smsSignups, email: authUser.email })
        .from(smsSignups)
        .leftJoin(authUser, eq(authUser.id, smsSignups.userId))
        .orderBy(desc(smsSignups.consentAt), desc(smsSignups.id))
        .limit(limit)
        .offset(offset);
      return rows.map(({ signup, email }) => [
        textCell(signup.phoneE164),
        timeCell(signup.consentAt),
        textCell(signup.consentText),
        textCell(signup.sourcePage),
        textCell(email),
        timeCell(signup.createdAt),
        timeCell(signup.confirmedAt),
        timeCell(signup.optedOutAt),
      ]);
    },
  },
  feedback: {
    columns: ["Received", "Page", "Feedback", "Account e-mail"],
    async total(db) {
      const [row] = await db.select({ n: count() }).from(feedback);
      return row?.n ?? 0;
    },
    async rows(db, { limit, offset }) {
      const rows = await db
        .select({ entry: feedback, email: authUser.email })
        .from(feedback)
        .leftJoin(authUser, eq(authUser.id, feedback.userId))
        .orderBy(desc(feedback.createdAt), desc(feedback.id))
        .limit(limit)
        .offset(offset);
      return rows.map(({ entry, email }) => [
        timeCell(entry.createdAt),
        textCell(entry.page),
        textCell(entry.text),
        textCell(email),
      ]);
    },
  },
};

/** One page of one kind, newest first. */
export async function listInbox(db: Database, { kind, page }: { kind: InboxKind; page: number }): Promise<InboxPage> {
  const source = SOURCES[kind];
  const total = await source.total(db);
  const pageCount = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const rows = await source.rows(db, { limit: INBOX_PAGE_SIZE, offset: (current - 1) * INBOX_PAGE_SIZE });
  return { columns: source.columns, rows, total, page: current, pageCount };
}

/** Every row of one kind as CSV (app/domain/core/csv.ts: RFC 4180, formula cells neutralised). */
export async function inboxCsv(db: Database, kind: InboxKind): Promise<string> {
  const source = SOURCES[kind];
  const rows = await source.rows(db, { limit: EXPORT_MAX_ROWS, offset: 0 });
  return toCsv(
    source.columns,
    rows.map((row) => row.map((cell) => cell.csv)),
  );
}
