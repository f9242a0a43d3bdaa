import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { HIDE_REASON_MAX, REVIEW_TEXT_MAX } from "../../app/domain/orders/reviews";
import { orderLines } from "./orders";

/**
 * A buyer's review of one delivered order line (decision 023): one per line, held by the unique
 * key on `order_line_id`, whoever of the order's organisation writes it. `product_id` is the
 * line's, copied so the averages are one grouped query. A review is published until staff hide
 * it; hiding keeps the review and says who hid it, when and why (`hidden_*`, all set or none). A
 * review with a link in it waits for staff from `held_at` and is published once they approve it.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id").notNull(),
    orderLineId: uuid("order_line_id").notNull().unique(),
    productId: text("product_id").notNull(),
    userId: text("user_id").notNull(),
    rating: integer("rating").notNull(),
    body: text("body").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenBy: text("hidden_by"),
    hiddenReason: text("hidden_reason"),
    heldAt: timestamp("held_at", { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      name: "reviews_line_fk",
      columns: [t.orderId, t.orderLineId],
      foreignColumns: [orderLines.orderId, orderLines.id],
    }).onDelete("cascade"),
    // The averages read only published reviews, by product.
    index("reviews_published_product_idx").on(t.productId).where(sql`hidden_at is null`),
    index("reviews_created_idx").on(t.createdAt.desc()),
    check("reviews_rating_range", sql`rating between 1 and 5`),
    check("reviews_body_length", sql.raw(`char_length(body) <= ${REVIEW_TEXT_MAX}`)),
    check(
      "reviews_hidden_audit",
      sql`(hidden_at is null) = (hidden_by is null) and (hidden_at is null) = (hidden_reason is null)`,
    ),
    check("reviews_hidden_reason_length", sql.raw(`char_length(hidden_reason) <= ${HIDE_REASON_MAX}`)),
  ],
);
