/**
 * The staff's morning e-mail (docs/decisions/077-staff-digest.md): at 8:00 London time, what must
 * ship (late, then at risk, from the production board), what waits on staff, and what went wrong.
 * No I/O: app/server/admin/staff-digest.server.ts gathers the figures and sends it.
 */
import { formatDisplayDate, type IsoDate, londonWallTimeToInstant } from "../core/dates";
import type { BoardColumn } from "./production-board";

/** The London time the digest goes out, once a day. */
export const DIGEST_TIME = "08:00";

/** Whether today's digest is due at `now`: from 8:00 London time on `today`. */
export function digestDue(now: Date, today: IsoDate): boolean {
  const due = londonWallTimeToInstant(today, DIGEST_TIME);
  return due !== null && now.getTime() >= due.getTime();
}

export type DigestFigures = {
  today: IsoDate;
  board: readonly BoardColumn[];
  waiting: {
    awaitingProof: number;
    changesRequested: number;
    transfersAwaited: number;
    quoteRequests: number;
    openClaims: number;
    creditApplications: number;
  };
  attention: { deadJobs: number; stuckRefunds: number; payments: number; overdueOnAccount: number };
};

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The digest's subject and lines. */
export function staffDigest(figures: DigestFigures, baseUrl: string): { subject: string; lines: string[] } {
  const flagged = figures.board.flatMap((column) =>
    column.orders.filter((order) => order.flag !== null).map((order) => ({ ...order, stage: column.label })),
  );
  const late = flagged.filter((order) => order.flag === "late");
  const atRisk = flagged.filter((order) => order.flag === "at_risk");
  const describe = (order: (typeof flagged)[number]) =>
    `- ${order.number}, ${order.company}: ship by ${formatDisplayDate(order.shipBy ?? figures.today)} (${order.stage})`;
  const { waiting, attention } = figures;
  const problems = attention.deadJobs + attention.stuckRefunds + attention.payments + attention.overdueOnAccount;
  return {
    subject: `Today, ${formatDisplayDate(figures.today)}: ${count(late.length, "late order", "late orders")}, ${count(atRisk.length, "at risk", "at risk")}`,
    lines: [
      late.length > 0 ? `Late (past their ship-by day):` : "Nothing is late.",
      ...late.map(describe),
      "",
      atRisk.length > 0 ? `Must ship within two working days:` : "Nothing must ship within two working days.",
      ...atRisk.map(describe),
      "",
      "Waiting for you:",
      `- ${count(waiting.awaitingProof, "paid order waits", "paid orders wait")} for a proof`,
      `- ${count(waiting.changesRequested, "proof has", "proofs have")} changes requested`,
      `- ${count(waiting.transfersAwaited, "bank transfer is", "bank transfers are")} awaited`,
      `- ${count(waiting.quoteRequests, "quote request waits", "quote requests wait")} for an answer`,
      `- ${count(waiting.openClaims, "On-time Guarantee claim is", "On-time Guarantee claims are")} open`,
      `- ${count(waiting.creditApplications, "credit account application waits", "credit account applications wait")} for an answer`,
      "",
      problems > 0
        ? `Needs attention: ${count(attention.deadJobs, "job gave up", "jobs gave up")}, ${count(attention.stuckRefunds, "card refund is", "card refunds are")} unanswered, ${count(attention.payments, "payment made", "payments made")} no order, ${count(attention.overdueOnAccount, "invoice on account is", "invoices on account are")} overdue: ${baseUrl}/admin/attention`
        : "Nothing needs attention.",
      "",
      `The production board: ${baseUrl}/admin/board`,
    ],
  };
}
