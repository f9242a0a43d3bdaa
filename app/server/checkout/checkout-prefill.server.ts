/**
 * What the checkout starts from: the signed-in account, the buyer's most recent order and the addresses
 * used before. Read for steps 3 to 5; nothing is written here.
 */
import { desc, eq } from "drizzle-orm";
import { orders } from "#db/schema";
import { prefillCheckout, savedAddresses, type SavedAddresses } from "~/domain/checkout/checkout-prefill";
import type { DraftData } from "~/domain/checkout/draft";
import { orderSnapshotSchema } from "~/domain/orders/order-snapshot";
import { visibleTo } from "../orders/buyer-orders.server";
import type { Database } from "../platform/db.server";
import type { SignedInUser } from "../accounts/session.server";

/**
 * The checkout draft as steps 3 to 5 show it: its blanks filled from the signed-in account and the
 * buyer's own most recent order (app/domain/checkout/checkout-prefill.ts). Nothing is
 * written here: the filled values are saved with the buyer's first change, like anything typed.
 */
export async function withCheckoutPrefill(
  db: Database,
  { user, data }: { user: Pick<SignedInUser, "id" | "name" | "email" | "phoneNumber">; data: DraftData },
): Promise<DraftData> {
  return prefillCheckout(data, { account: user, lastOrder: await latestOrderData(db, user.id) });
}

/**
 * What the buyer's own most recent order recorded, which the checkout and the custom quote form
 * start from; null before a first order. A snapshot this release cannot read is null too: it
 * costs the buyer only the convenience, never the page.
 */
export async function latestOrderData(db: Database, userId: string) {
  const [last] = await db
    .select({ snapshot: orders.snapshot })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  const parsed = last ? orderSnapshotSchema.safeParse(last.snapshot) : null;
  return parsed?.success ? parsed.data.data : null;
}

/** How many recent orders are searched for addresses used before. */
const ADDRESS_ORDERS = 30;

/**
 * The billing and delivery addresses of this buyer's recent orders and their active organisation's
 * (the orders they may read, visibleTo), deduplicated, newest first, at most five of
 * each. Details and Shipping offer them as choices that fill the form.
 */
export async function savedAddressesFor(
  db: Database,
  reader: { userId: string; accountId: string },
): Promise<SavedAddresses> {
  if (!reader.userId) return { billing: [], delivery: [] };
  const rows = await db
    .select({ snapshot: orders.snapshot })
    .from(orders)
    .where(visibleTo(reader.userId, reader.accountId || reader.userId))
    .orderBy(desc(orders.createdAt))
    .limit(ADDRESS_ORDERS);
  const readable = rows.flatMap((row) => {
    const parsed = orderSnapshotSchema.safeParse(row.snapshot);
    return parsed.success ? [parsed.data.data] : [];
  });
  return savedAddresses(readable);
}
