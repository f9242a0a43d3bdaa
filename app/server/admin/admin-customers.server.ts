/**
 * Customers in the back office (docs/decisions/047-find-a-customer.md; app/domain/orders/admin-customers.ts): staff find an
 * account by a name, an e-mail address, a phone number, a company, or an order or quote number,
 * and see its people, orders, quotes and documents. Read-only; the routes ask for staff first.
 */
import { and, count, desc, eq, ilike, inArray, isNotNull, max, or, sql } from "drizzle-orm";
import {
  authMember,
  authOrganization,
  authUser,
  creditNotes,
  guaranteeClaims,
  invoices,
  orders,
  quotes,
} from "#db/schema";
import { CUSTOMER_RECORDS_LIMIT, CUSTOMER_RESULTS_LIMIT } from "~/domain/orders/admin-customers";
import { isQuoteValid } from "~/domain/checkout/quotes";
import type { IsoDate } from "~/domain/core/dates";
import { companyExpr, contains } from "./admin-order-list.server";
import type { Database } from "../platform/db.server";

export type CustomerKind = "organisation" | "person";

export type CustomerRow = {
  accountId: string;
  kind: CustomerKind;
  name: string;
  emails: string[];
  orders: number;
  lastOrderAt: Date | null;
  quotes: number;
};

export type CustomerPerson = { id: string; name: string; email: string; phone: string | null; role: string | null };

export type CustomerAccount = {
  accountId: string;
  kind: CustomerKind;
  name: string;
  people: CustomerPerson[];
  /** For a person: the organisations they belong to, each an account of its own. */
  organisations: Array<{ id: string; name: string }>;
  orders: Array<{
    id: string;
    number: string;
    status: string;
    placedAt: Date;
    placedBy: string;
    company: string;
    totalPence: number;
    paid: boolean;
    invoiceNumber: string | null;
    /** Every credit note of the order's invoice, oldest first (one per refund). */
    creditNoteNumbers: string[];
    guaranteeCreditNoteNumber: string | null;
  }>;
  quotes: Array<{
    id: string;
    number: string;
    issuedAt: Date;
    validUntil: IsoDate;
    totalPence: number;
    valid: boolean;
  }>;
};

const personName = (user: { name: string; email: string }) => user.name.trim() || user.email;

/**
 * The accounts a search names, at most CUSTOMER_RESULTS_LIMIT + 1 (so the page can say there are
 * more): organisations by name; people by name, e-mail or phone (their organisations' accounts,
 * or their own when they belong to none); and the accounts of orders and quotes by number, company
 * or the e-mail given on them. Each query is bounded, whatever matches.
 */
export async function findCustomers(db: Database, q: string): Promise<CustomerRow[]> {
  const pattern = contains(q);
  const cap = CUSTOMER_RESULTS_LIMIT + 1;
  const [byOrganisation, byPerson, byOrder, byQuote] = await Promise.all([
    db
      .select({ id: authOrganization.id })
      .from(authOrganization)
      .where(ilike(authOrganization.name, pattern))
      .limit(cap),
    db
      .select({ userId: authUser.id, organisationId: authMember.organizationId })
      .from(authUser)
      .leftJoin(authMember, eq(authMember.userId, authUser.id))
      .where(or(ilike(authUser.name, pattern), ilike(authUser.email, pattern), ilike(authUser.phoneNumber, pattern)))
      .limit(cap),
    db
      .selectDistinct({ id: orders.accountId })
      .from(orders)
      .where(
        or(
          ilike(orders.number, pattern),
          sql`${companyExpr} ilike ${pattern}`,
          sql`${orders.snapshot} -> 'data' -> 'details' ->> 'email' ilike ${pattern}`,
        ),
      )
      .limit(cap),
    db
      .selectDistinct({ id: quotes.accountId })
      .from(quotes)
      .where(
        or(
          ilike(quotes.number, pattern),
          sql`${quotes.buyer} ->> 'company' ilike ${pattern}`,
          sql`${quotes.buyer} ->> 'email' ilike ${pattern}`,
        ),
      )
      .limit(cap),
  ]);
  const ids = new Set<string>([
    ...byOrganisation.map((row) => row.id),
    ...byPerson.map((row) => row.organisationId ?? row.userId),
    ...byOrder.map((row) => row.id),
    ...byQuote.map((row) => row.id),
  ]);
  return describeAccounts(db, [...ids].slice(0, cap));
}

/** Each account's name, people's addresses and counts, the most recently ordering first. */
async function describeAccounts(db: Database, ids: string[]): Promise<CustomerRow[]> {
  if (ids.length === 0) return [];
  const [organisations, people, members, orderStats, quoteStats] = await Promise.all([
    db
      .select({ id: authOrganization.id, name: authOrganization.name })
      .from(authOrganization)
      .where(inArray(authOrganization.id, ids)),
    db
      .select({ id: authUser.id, name: authUser.name, email: authUser.email })
      .from(authUser)
      .where(inArray(authUser.id, ids)),
    db
      .select({ organisationId: authMember.organizationId, email: authUser.email })
      .from(authMember)
      .innerJoin(authUser, eq(authUser.id, authMember.userId))
      .where(inArray(authMember.organizationId, ids)),
    db
      .select({ id: orders.accountId, n: count(), last: max(orders.createdAt) })
      .from(orders)
      .where(inArray(orders.accountId, ids))
      .groupBy(orders.accountId),
    db
      .select({ id: quotes.accountId, n: count() })
      .from(quotes)
      .where(inArray(quotes.accountId, ids))
      .groupBy(quotes.accountId),
  ]);
  const ordersOf = new Map(orderStats.map((row) => [row.id, row]));
  const quotesOf = new Map(quoteStats.map((row) => [row.id, row.n]));
  const counts = (id: string) => ({
    orders: ordersOf.get(id)?.n ?? 0,
    lastOrderAt: ordersOf.get(id)?.last ?? null,
    quotes: quotesOf.get(id) ?? 0,
  });
  const rows: CustomerRow[] = [
    ...organisations.map((organisation) => ({
      accountId: organisation.id,
      kind: "organisation" as const,
      name: organisation.name,
      emails: members
        .filter((m) => m.organisationId === organisation.id)
        .map((m) => m.email)
        .sort(),
      ...counts(organisation.id),
    })),
    ...people.map((person) => ({
      accountId: person.id,
      kind: "person" as const,
      name: personName(person),
      emails: [person.email],
      ...counts(person.id),
    })),
  ];
  return rows.sort(
    (a, b) => (b.lastOrderAt?.getTime() ?? 0) - (a.lastOrderAt?.getTime() ?? 0) || a.name.localeCompare(b.name),
  );
}

/** An account's page: its people, its latest orders with their documents, and its quotes; null when there is none. */
export async function customerAccount(
  db: Database,
  { accountId, now }: { accountId: string; now: Date },
): Promise<CustomerAccount | null> {
  const [organisation] = await db
    .select({ id: authOrganization.id, name: authOrganization.name })
    .from(authOrganization)
    .where(eq(authOrganization.id, accountId));
  const personColumns = {
    id: authUser.id,
    name: authUser.name,
    email: authUser.email,
    phone: authUser.phoneNumber,
  };
  const people: CustomerPerson[] = organisation
    ? (
        await db
          .select({ ...personColumns, role: authMember.role })
          .from(authMember)
          .innerJoin(authUser, eq(authUser.id, authMember.userId))
          .where(eq(authMember.organizationId, accountId))
          .orderBy(authUser.email)
      ).map((person) => ({ ...person, name: personName(person) }))
    : (await db.select(personColumns).from(authUser).where(eq(authUser.id, accountId))).map((person) => ({
        ...person,
        name: personName(person),
        role: null,
      }));
  if (!organisation && people.length === 0) return null;

  const [organisations, orderRows, quoteRows] = await Promise.all([
    organisation
      ? Promise.resolve([])
      : db
          .select({ id: authOrganization.id, name: authOrganization.name })
          .from(authMember)
          .innerJoin(authOrganization, eq(authOrganization.id, authMember.organizationId))
          .where(eq(authMember.userId, accountId))
          .orderBy(authOrganization.name),
    db
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        placedAt: orders.createdAt,
        placedBy: authUser.email,
        company: companyExpr,
        totalPence: orders.totalPence,
        paidAt: orders.paidAt,
        invoiceNumber: invoices.number,
        creditNoteNumbers: sql<
          string[]
        >`coalesce((select array_agg(${creditNotes.number} order by ${creditNotes.issuedAt}, ${creditNotes.number})
          from ${creditNotes} where ${creditNotes.orderId} = ${orders.id}), '{}')`,
        guaranteeCreditNoteNumber: guaranteeClaims.creditNoteNumber,
      })
      .from(orders)
      .leftJoin(authUser, eq(authUser.id, orders.userId))
      .leftJoin(invoices, eq(invoices.orderId, orders.id))
      .leftJoin(
        guaranteeClaims,
        and(eq(guaranteeClaims.orderId, orders.id), isNotNull(guaranteeClaims.creditNoteNumber)),
      )
      .where(eq(orders.accountId, accountId))
      .orderBy(desc(orders.createdAt))
      .limit(CUSTOMER_RECORDS_LIMIT),
    db
      .select({
        id: quotes.id,
        number: quotes.number,
        issuedAt: quotes.issuedAt,
        validUntil: quotes.validUntil,
        totals: quotes.totals,
      })
      .from(quotes)
      .where(eq(quotes.accountId, accountId))
      .orderBy(desc(quotes.issuedAt))
      .limit(CUSTOMER_RECORDS_LIMIT),
  ]);
  return {
    accountId,
    kind: organisation ? "organisation" : "person",
    name: organisation?.name ?? people[0]!.name,
    people,
    organisations,
    orders: orderRows.map(({ paidAt, placedBy, ...order }) => ({
      ...order,
      placedBy: placedBy ?? "",
      paid: paidAt !== null,
    })),
    quotes: quoteRows.map(({ totals, ...quote }) => ({
      ...quote,
      validUntil: quote.validUntil as IsoDate,
      totalPence: totals.total,
      valid: isQuoteValid({ validUntil: quote.validUntil as IsoDate }, now),
    })),
  };
}
