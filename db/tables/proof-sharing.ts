import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { orderProofs, orders } from "./orders";

/**
 * "Share for approval" links (docs/decisions/025-proof-share-links.md): each opens
 * one proof version of one line for 7 days, until revoked or a newer version is sent. Only the
 * SHA-256 of the random token is kept, so the table cannot be read back into working links.
 */
export const proofShareLinks = pgTable(
  "proof_share_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderProofId: uuid("order_proof_id")
      .notNull()
      .references(() => orderProofs.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: text("revoked_by"),
  },
  (t) => [
    index("proof_share_links_proof_idx").on(t.orderProofId),
    index("proof_share_links_order_idx").on(t.orderId),
    check("proof_share_links_expiry_check", sql`expires_at > created_at`),
  ],
);
