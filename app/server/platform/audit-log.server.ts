/**
 * What staff did (docs/decisions/081-audit-log.md): each action that changes money, an order, a
 * customer's request, a quote, a review, the catalogue or the shop's calendar writes one event, in
 * its own transaction, so the event is there exactly when the change is. The table refuses updates
 * and early deletes by itself (migration 0049); nothing here reads or changes an event.
 */
import { auditEvents } from "#db/schema";
import type { AuditSubject } from "~/domain/core/audit";
import type { Database } from "./db.server";

/** Who acted: a member of staff (their e-mail and client address when the request gave them), or the command line. */
export type AuditActor = { id: string | null; email?: string; address?: string };

export type AuditEvent = {
  /** A short machine name: "order.status", "order.refund", "product.edit". */
  action: string;
  subject: { kind: AuditSubject; id: string };
  /** The action in words, as the log lists it. */
  summary: string;
  before?: unknown;
  after?: unknown;
};

/** Writes one event; call it inside the action's transaction. */
export async function recordAudit(db: Database, actor: AuditActor, event: AuditEvent): Promise<void> {
  await db.insert(auditEvents).values({
    staffId: actor.id,
    staffEmail: actor.email ?? null,
    address: actor.address ?? null,
    action: event.action,
    subjectKind: event.subject.kind,
    subjectId: event.subject.id,
    summary: event.summary,
    before: event.before ?? null,
    after: event.after ?? null,
  });
}
