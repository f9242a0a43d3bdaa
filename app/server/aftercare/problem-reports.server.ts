/**
 * "Report a problem" on a delivered order (docs/decisions/043-problem-reports.md).
 * Whoever may read the order (record-access.server.ts: its account's own reader, never "I placed
 * it") reports within the policy's 14 days of delivery; another's order is the 404 an unknown one
 * is. One report is open per order at a time (a partial unique index); staff see the open ones in
 * the back office, are alerted by e-mail after the commit, and mark each resolved.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { orderLines, orders, problemReportPhotos, problemReports } from "#db/schema";
import { londonToday } from "~/domain/core/dates";
import { isUuid } from "~/domain/core/ids";
import { isOrderId, toOrderStatus } from "~/domain/fulfilment/orders";
import {
  isProblemLineField,
  PROBLEM_LIMITS,
  PROBLEM_MESSAGES,
  PROBLEM_REPORT_LIMIT,
  parseProblemForm,
  problemWindow,
  type ProblemWindow,
} from "~/domain/orders/problem-reports";
import type { StaffMember } from "../accounts/admin-access.server";
import { visibleTo } from "../orders/buyer-orders.server";
import type { Database } from "../platform/db.server";
import type { AppContext } from "../providers/app-context.server";
import { deliveredOn } from "./guarantee-claims.server";
import { data } from "react-router";
import { failure, signInRequired, toResponse, type Failure } from "../platform/http.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { alertStaff } from "../payments/staff-alerts.server";
import { recordAudit } from "../platform/audit-log.server";

/** Each staff member's budget for the back office's problem reports: the list, resolving, the photos. */
export const STAFF_PROBLEM_LIMITS = {
  list: { hits: 120, windowSeconds: 60 },
  resolve: { hits: 120, windowSeconds: 3600 },
  photo: { hits: 300, windowSeconds: 3600 },
} as const;

export type ProblemReportView = {
  id: string;
  status: "open" | "resolved";
  lines: number[];
  description: string;
  createdAt: Date;
  resolvedAt: Date | null;
  photos: { id: string; name: string; size: number }[];
};

type Reader = { userId: string; accountId: string };

/** The order as its reader may see it (none for another's order or no such order), to run or lock. */
const readableOrderQuery = (db: Database, reader: Reader, orderId: string) =>
  db
    .select({ id: orders.id, number: orders.number, status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, orderId), visibleTo(reader.userId, reader.accountId || reader.userId)))
    .limit(1);

/** The order as its reader may see it, or null (another's order, or no such order). */
async function readableOrder(db: Database, reader: Reader, orderId: string) {
  if (!reader.userId || !isOrderId(orderId)) return null;
  const [order] = await readableOrderQuery(db, reader, orderId);
  return order ?? null;
}

/** The id of the order's open report (at most one: a partial unique index), or null. */
async function openReportId(db: Database, orderId: string): Promise<string | null> {
  const [report] = await db
    .select({ id: problemReports.id })
    .from(problemReports)
    .where(and(eq(problemReports.orderId, orderId), eq(problemReports.status, "open")))
    .limit(1);
  return report?.id ?? null;
}

/** The order's latest report with its photos' names, or null. */
async function latestReport(db: Database, orderId: string): Promise<ProblemReportView | null> {
  const [row] = await db
    .select()
    .from(problemReports)
    .where(eq(problemReports.orderId, orderId))
    .orderBy(desc(problemReports.createdAt))
    .limit(1);
  if (!row) return null;
  const photos = await db
    .select({ id: problemReportPhotos.id, name: problemReportPhotos.originalName, size: problemReportPhotos.sizeBytes })
    .from(problemReportPhotos)
    .where(eq(problemReportPhotos.reportId, row.id))
    .orderBy(asc(problemReportPhotos.createdAt));
  return {
    id: row.id,
    status: row.status === "resolved" ? "resolved" : "open",
    lines: row.linePositions,
    description: row.description,
    createdAt: row.createdAt,
    resolvedAt: row.resolvedAt,
    photos,
  };
}

/** What the order page shows: the latest report, and whether a new one may be made today. */
export async function problemOfOrder(
  db: Database,
  { order, now = new Date() }: { order: { id: string; status: string }; now?: Date },
): Promise<{ report: ProblemReportView | null; window: ProblemWindow }> {
  return { report: await latestReport(db, order.id), window: await windowOf(db, order, now) };
}

/** Whether a problem may be reported on the order today. */
async function windowOf(db: Database, order: { id: string; status: string }, now: Date): Promise<ProblemWindow> {
  return problemWindow({
    status: toOrderStatus(order.status),
    deliveredOn: await deliveredOn(db, order.id),
    today: londonToday(now),
  });
}

/**
 * The buyer reports. The order row is locked so a status change cannot pass the window check
 * midway; the partial unique index keeps one open report per order even against a second tab.
 */
export async function reportProblem(
  ctx: AppContext,
  input: Reader & { orderId: string; fields: Record<string, string>; now?: Date },
): Promise<{ ok: true; message: string } | Failure> {
  const { db } = ctx;
  const notFound = () => failure(404, "ORDER_NOT_FOUND", PROBLEM_MESSAGES.notFound);
  if (!input.userId || !isOrderId(input.orderId)) return notFound();
  const limit = await hitRateLimit(db, {
    key: `problem-report:${input.userId}`,
    limit: PROBLEM_REPORT_LIMIT.hits,
    windowSeconds: PROBLEM_REPORT_LIMIT.windowSeconds,
  });
  if (!limit.allowed)
    return failure(429, "RATE_LIMITED", PROBLEM_MESSAGES.tooMany, { retryAfterSeconds: limit.retryAfterSeconds });
  const now = input.now ?? ctx.clock();
  return db.transaction(async (tx): Promise<{ ok: true; message: string } | Failure> => {
    const [order] = await readableOrderQuery(tx, input, input.orderId).for("update");
    if (!order) return notFound();
    const window = await windowOf(tx, order, now);
    if (!window.open)
      return failure(
        409,
        `PROBLEM_${window.reason.toUpperCase()}`,
        window.reason === "closed" ? PROBLEM_MESSAGES.windowClosed : PROBLEM_MESSAGES.notDelivered,
      );
    if (await openReportId(tx, order.id)) return failure(409, "PROBLEM_ALREADY_OPEN", PROBLEM_MESSAGES.alreadyOpen);
    const lines = await tx
      .select({ position: orderLines.position, title: sql<string>`${orderLines.snapshot}->'product'->>'title'` })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.position));
    // Checked against this order's own lines, inside the lock.
    const parsed = parseProblemForm(
      input.fields,
      lines.map((line) => line.position),
    );
    if (!parsed.ok) return failure(400, "VALIDATION_FAILED", parsed.message, { fieldErrors: parsed.fieldErrors });
    const form = parsed.value;
    const [inserted] = await tx
      .insert(problemReports)
      .values({
        orderId: order.id,
        reportedBy: input.userId,
        linePositions: form.lines,
        description: form.description,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: problemReports.id });
    if (!inserted) return failure(409, "PROBLEM_ALREADY_OPEN", PROBLEM_MESSAGES.alreadyOpen);
    const titles = lines.filter((line) => form.lines.includes(line.position)).map((line) => line.title);
    // The staff alert leaves with the commit (decision 030).
    await alertStaff(
      { ...ctx, db: tx },
      {
        kind: "problem-report",
        orderId: order.id,
        orderNumber: order.number,
        lines: titles.join(", "),
        description: form.description,
      },
    );
    return { ok: true, message: PROBLEM_MESSAGES.reported };
  });
}

/** The open report of an order this reader may see, for adding a photo; null otherwise. */
export async function openReportFor(db: Database, { reader, orderId }: { reader: Reader; orderId: string }) {
  const order = await readableOrder(db, reader, orderId);
  if (!order) return null;
  return { order, reportId: await openReportId(db, order.id) };
}

/** Open reports, oldest first, with their order and photos, for the back office. */
export async function openProblemReports(db: Database) {
  const rows = await db
    .select({
      id: problemReports.id,
      orderId: problemReports.orderId,
      orderNumber: orders.number,
      lines: problemReports.linePositions,
      description: problemReports.description,
      createdAt: problemReports.createdAt,
    })
    .from(problemReports)
    .innerJoin(orders, eq(orders.id, problemReports.orderId))
    .where(eq(problemReports.status, "open"))
    .orderBy(asc(problemReports.createdAt))
    .limit(200);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const photos = await db
    .select({
      id: problemReportPhotos.id,
      reportId: problemReportPhotos.reportId,
      name: problemReportPhotos.originalName,
      size: problemReportPhotos.sizeBytes,
    })
    .from(problemReportPhotos)
    .where(inArray(problemReportPhotos.reportId, ids))
    .orderBy(asc(problemReportPhotos.createdAt));
  const titles = await db
    .select({
      orderId: orderLines.orderId,
      position: orderLines.position,
      title: sql<string>`${orderLines.snapshot}->'product'->>'title'`,
    })
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...new Set(rows.map((row) => row.orderId))]));
  return rows.map((row) => ({
    ...row,
    lineTitles: row.lines.map(
      (position) =>
        titles.find((line) => line.orderId === row.orderId && line.position === position)?.title ?? `Line ${position}`,
    ),
    photos: photos.filter((photo) => photo.reportId === row.id).map(({ reportId: _, ...photo }) => photo),
  }));
}

/** Staff mark an open report resolved, once. */
export async function resolveProblemReport(
  db: Database,
  input: { staff: StaffMember; reportId: string; now?: Date },
): Promise<{ ok: true; message: string } | Failure> {
  if (!isUuid(input.reportId)) return failure(404, "REPORT_NOT_FOUND", PROBLEM_MESSAGES.reportNotFound);
  const resolved = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(problemReports)
      .set({ status: "resolved", resolvedBy: input.staff.id, resolvedAt: input.now ?? new Date() })
      .where(and(eq(problemReports.id, input.reportId), eq(problemReports.status, "open")))
      .returning({ orderId: problemReports.orderId });
    if (row)
      await recordAudit(tx, input.staff, {
        action: "problem-report.resolve",
        subject: { kind: "problem_report", id: input.reportId },
        summary: "Problem report marked resolved",
        before: { status: "open", orderId: row.orderId },
        after: { status: "resolved" },
      });
    return row;
  });
  if (!resolved) {
    const [exists] = await db
      .select({ id: problemReports.id })
      .from(problemReports)
      .where(eq(problemReports.id, input.reportId))
      .limit(1);
    return exists
      ? failure(409, "REPORT_RESOLVED", PROBLEM_MESSAGES.resolved)
      : failure(404, "REPORT_NOT_FOUND", PROBLEM_MESSAGES.reportNotFound);
  }
  const [order] = await db.select({ number: orders.number }).from(orders).where(eq(orders.id, resolved.orderId));
  return { ok: true, message: `The problem report on order ${order?.number ?? ""} is marked resolved.` };
}

type Session = { user: { id: string }; accountId: string } | null;

/** The order page's report form (intent=problem): a refusal carries back what was typed. */
export async function problemAction(
  ctx: AppContext,
  { session, orderId, fields }: { session: Session; orderId: string; fields: Record<string, string> },
) {
  const intent = "problem" as const;
  const kept = {
    description: (fields.description ?? "").slice(0, PROBLEM_LIMITS.descriptionMax + 1),
    lines: Object.keys(fields).filter(isProblemLineField),
  };
  if (!session) return toResponse(signInRequired("Please sign in to report a problem."), { intent, kept });
  const result = await reportProblem(ctx, {
    userId: session.user.id,
    accountId: session.accountId,
    orderId,
    fields,
  });
  if (!result.ok) return toResponse(result, { intent, kept });
  return data({ intent, message: result.message }, { headers: { "Cache-Control": "private, no-store" } });
}
