/**
 * The back office's orders list (REQUIREMENTS B-7): orders filtered by status,
 * searched, sorted by placed, need-by, approve-by or promised date, a page at a time, and the same
 * selection as a staff-only CSV export. Callers have checked requireStaff
 * (app/server/accounts/admin-access.server.ts); nothing here is scoped to a buyer.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { authUser, orders } from "#db/schema";
import { ORDER_LIST_PAGE_SIZE, type OrderListQuery, orderListDirection } from "~/domain/orders/admin-orders";
import { type CsvValue, toCsv } from "~/domain/core/csv";
import { type IsoDate, londonToday } from "~/domain/core/dates";
import { needByForStaff } from "~/domain/fulfilment/need-by";
import { lineSummary, type OrderLine, readOrderSnapshot } from "~/domain/orders/order-snapshot";
import {
  ORDER_STATUS_LABELS,
  toOrderStatus,
  describeLines,
  type OrderLineSummary,
  type OrderStatus,
} from "~/domain/fulfilment/orders";
import type { Database } from "../platform/db.server";
import { listPaymentsNeedingAttention } from "./payments-attention.server";
import { linesOfOrders } from "../orders/order-lines.server";

export type StaffOrderRow = {
  id: string;
  number: string;
  status: OrderStatus;
  statusLabel: string;
  lines: OrderLineSummary[];
  company: string;
  email: string;
  totalPence: number;
  createdAt: Date;
  /** The buyer's in-hands date, the last day to approve the proof for it, and the promised delivery. */
  needBy: IsoDate | null;
  approveBy: IsoDate | null;
  promisedDeliveryDate: IsoDate | null;
};

export type StaffOrderList = { rows: StaffOrderRow[]; total: number; page: number; pageCount: number };

const details = sql`${orders.snapshot} -> 'data' -> 'details'`;
/** The company an order was placed for, as its details give it. */
export const companyExpr = sql<string>`coalesce(nullif(${details} ->> 'company', ''), ${details} -> 'billing' ->> 'company', '')`;
const emailExpr = sql<string>`coalesce(nullif(${details} ->> 'email', ''), ${authUser.email}, '')`;

/** `%text%` for ILIKE with the pattern characters the user typed taken literally. */
export const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Sorting by approve-by reads at most this many orders with a need-by date (the nearest need-by
 * dates first): approve-by is computed from each order's lines and shipping method
 * (app/domain/fulfilment/need-by.ts approveByDate), not stored, so the server sorts it in memory.
 */
export const APPROVE_BY_SORT_LIMIT = 5000;

/** The most rows one CSV export holds, and how often one staff member may export. */
export const ORDERS_EXPORT_MAX_ROWS = 50_000;
export const ORDERS_EXPORT_LIMIT = { hits: 10, windowSeconds: 60 } as const;

/** /admin/orders: a page of orders, and the taken payments that made none. */
export async function staffOrdersPage(db: Database, query: OrderListQuery) {
  const [list, attention] = await Promise.all([listOrdersForStaff(db, query), listPaymentsNeedingAttention(db)]);
  return { list, attention };
}

function filtersOf(query: Pick<OrderListQuery, "status" | "q">): SQL | undefined {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(orders.status, query.status));
  if (query.q) {
    const pattern = contains(query.q);
    const match = or(
      ilike(orders.number, pattern),
      sql`${companyExpr} ilike ${pattern}`,
      sql`${details} -> 'billing' ->> 'company' ilike ${pattern}`,
      sql`${details} ->> 'email' ilike ${pattern}`,
      ilike(authUser.email, pattern),
    );
    if (match) filters.push(match);
  }
  return filters.length > 0 ? and(...filters) : undefined;
}

const rowColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  company: companyExpr,
  email: emailExpr,
  totalPence: orders.totalPence,
  createdAt: orders.createdAt,
  needBy: orders.needBy,
  promisedDeliveryDate: orders.promisedDeliveryDate,
  snapshot: orders.snapshot,
};

type ListedRow = {
  id: string;
  number: string;
  status: string;
  company: string;
  email: string;
  totalPence: number;
  createdAt: Date;
  needBy: IsoDate | null;
  promisedDeliveryDate: IsoDate | null;
  snapshot: unknown;
};

/** The last day to approve the proof for the order's need-by date; null without one. */
function approveByOf(
  row: Pick<ListedRow, "number" | "status" | "needBy" | "snapshot">,
  lines: readonly OrderLine[],
  today: IsoDate,
) {
  return (
    needByForStaff({
      needBy: row.needBy,
      status: row.status,
      method: readOrderSnapshot(row.number, row.snapshot).data.shipping.method,
      products: lines.map((line) => line.product),
      today,
    })?.approveBy ?? null
  );
}

/** A column sorted one way, orders without a date last whichever way. */
const datedOrder = (column: typeof orders.needBy | typeof orders.promisedDeliveryDate, dir: "asc" | "desc") =>
  dir === "asc" ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;

function sqlOrder(query: Pick<OrderListQuery, "sort" | "dir">): SQL[] {
  const dir = orderListDirection(query);
  const placed =
    dir === "asc" ? [asc(orders.createdAt), asc(orders.number)] : [desc(orders.createdAt), desc(orders.number)];
  if (query.sort === "need_by") return [datedOrder(orders.needBy, dir), desc(orders.createdAt), desc(orders.number)];
  if (query.sort === "promised")
    return [datedOrder(orders.promisedDeliveryDate, dir), desc(orders.createdAt), desc(orders.number)];
  return placed;
}

/**
 * The ids of the orders with a need-by date in approve-by order (ties newest first), then how many
 * orders without one follow: approve-by is computed, so this sort happens here, not in SQL.
 */
async function idsByApproveBy(db: Database, query: OrderListQuery, today: IsoDate) {
  const sign = orderListDirection(query) === "asc" ? 1 : -1;
  const scanned = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      needBy: orders.needBy,
      snapshot: orders.snapshot,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .leftJoin(authUser, eq(authUser.id, orders.userId))
    .where(and(filtersOf(query), isNotNull(orders.needBy)))
    .orderBy(asc(orders.needBy), desc(orders.createdAt))
    .limit(APPROVE_BY_SORT_LIMIT);
  const lines = await linesOfOrders(db, scanned);
  return scanned
    .map((row) => ({
      id: row.id,
      at: row.createdAt.getTime(),
      approveBy: approveByOf(row, lines.get(row.id) ?? [], today) ?? "",
    }))
    .sort((a, b) => (a.approveBy === b.approveBy ? b.at - a.at : a.approveBy < b.approveBy ? -sign : sign))
    .map((row) => row.id);
}

/** idsByApproveBy's list when the query sorts by approve-by, otherwise null (SQL sorts). */
const approveByIdsIfSorted = (db: Database, query: OrderListQuery, today: IsoDate) =>
  query.sort === "approve_by" ? idsByApproveBy(db, query, today) : Promise.resolve(null);

/** Rows as the list and the export show them. */
async function toStaffRows(db: Database, rows: readonly ListedRow[], today: IsoDate): Promise<StaffOrderRow[]> {
  const lines = await linesOfOrders(db, rows);
  return rows.map(({ snapshot, ...row }) => {
    const status = toOrderStatus(row.status);
    const own = lines.get(row.id) ?? [];
    return {
      ...row,
      lines: own.map(lineSummary),
      status,
      statusLabel: ORDER_STATUS_LABELS[status],
      approveBy: approveByOf({ ...row, snapshot }, own, today),
    };
  });
}

/**
 * `limit` orders from `offset` in the query's order, filtered by status and searched. Sorted by
 * approve-by, `ids` is idsByApproveBy's list, read once by the caller however many pages it takes.
 */
async function orderedRows(
  db: Database,
  query: OrderListQuery,
  ids: readonly string[] | null,
  offset: number,
  limit: number,
): Promise<ListedRow[]> {
  const where = filtersOf(query);
  const select = () => db.select(rowColumns).from(orders).leftJoin(authUser, eq(authUser.id, orders.userId));
  if (ids === null) {
    return select()
      .where(where)
      .orderBy(...sqlOrder(query))
      .limit(limit)
      .offset(offset);
  }
  const pageIds = ids.slice(offset, offset + limit);
  const dated = pageIds.length > 0 ? await select().where(inArray(orders.id, pageIds)) : [];
  const byId = new Map(dated.map((row) => [row.id, row]));
  const first = pageIds.flatMap((id) => byId.get(id) ?? []);
  if (first.length >= limit) return first;
  // After the dated orders, those without a need-by date, newest first.
  const undated = await select()
    .where(and(where, isNull(orders.needBy)))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(limit - first.length)
    .offset(Math.max(0, offset - ids.length));
  return [...first, ...undated];
}

/**
 * Orders filtered by status and searched by order number, company or e-mail (the work e-mail of
 * the Details step or the account's), sorted by the date staff chose (newest placed first by
 * default), a page of ORDER_LIST_PAGE_SIZE at a time.
 */
export async function listOrdersForStaff(db: Database, query: OrderListQuery): Promise<StaffOrderList> {
  const [counted] = await db
    .select({ total: count() })
    .from(orders)
    .leftJoin(authUser, eq(authUser.id, orders.userId))
    .where(filtersOf(query));
  const total = counted?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / ORDER_LIST_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const today = londonToday(new Date());
  const ids = await approveByIdsIfSorted(db, query, today);
  const rows = await orderedRows(db, query, ids, (page - 1) * ORDER_LIST_PAGE_SIZE, ORDER_LIST_PAGE_SIZE);
  return { rows: await toStaffRows(db, rows, today), total, page, pageCount };
}

export const ORDERS_CSV_COLUMNS = [
  "Order",
  "Placed",
  "Status",
  "Company",
  "E-mail",
  "Products",
  "Total (GBP)",
  "Need by",
  "Approve by",
  "Promised delivery",
] as const;

/**
 * Every order the list's filters and sort show, as CSV (the text guarded against spreadsheet
 * formulas by app/domain/core/csv.ts), in batches so the lines of 50,000 orders are not read at once.
 */
export async function ordersCsv(db: Database, query: OrderListQuery): Promise<string> {
  const records: CsvValue[][] = [];
  const batch = 500;
  const today = londonToday(new Date());
  const ids = await approveByIdsIfSorted(db, query, today);
  for (let offset = 0; offset < ORDERS_EXPORT_MAX_ROWS; offset += batch) {
    const rows = await toStaffRows(db, await orderedRows(db, query, ids, offset, batch), today);
    for (const row of rows) {
      records.push([
        row.number,
        row.createdAt,
        row.statusLabel,
        row.company,
        row.email,
        describeLines(row.lines),
        (row.totalPence / 100).toFixed(2),
        row.needBy,
        row.approveBy,
        row.promisedDeliveryDate,
      ]);
    }
    if (rows.length < batch) break;
  }
  return toCsv([...ORDERS_CSV_COLUMNS], records);
}
