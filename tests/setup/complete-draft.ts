import { orderDrafts } from "#db/schema";
import { sql } from "drizzle-orm";
import type { DraftDataInput } from "~/domain/checkout/draft";
import { draftDataSchema } from "~/domain/checkout/draft-schemas";
import type { Database } from "~/server/platform/db.server";

/** The buyer of completeDraftData's draft. */
export const BUYER_EMAIL = "ada@analytical.example";

/** A draft that has passed steps 2–4: 50 navy caps, standard shipping to London. */
export function completeDraftData(overrides: Partial<DraftDataInput> = {}): DraftDataInput {
  return {
    product_id: "8",
    quantity: 50,
    variant: { color_hex: "#1f2a56" },
    customization_selections: ["Front embroidery"],
    branding: { method: "embroidery" },
    confirm: { rights_confirmed: true, lead_time_acknowledged: true },
    details: {
      contact_name: "Ada Lovelace",
      email: BUYER_EMAIL,
      company: "Analytical Ltd",
      phone: "+44 20 7946 0958",
      vat_number: "GB980780684",
      po_ref: "PO-77",
      billing: {
        company: "Analytical Ltd",
        name: "Ada Lovelace",
        line1: "1 Engine Street",
        city: "London",
        postcode: "N1 9GU",
        country: "GB",
      },
      tos_accepted: true,
      use_billing_as_shipping: false,
    },
    shipping: {
      address: {
        company: "Analytical Ltd",
        firstName: "Ada",
        lastName: "Lovelace",
        name: "Ada Lovelace",
        line1: "1 Engine Street",
        city: "London",
        postcode: "N1 9GU",
        country: "GB",
        phone: "020 7946 0958",
      },
      method: "standard",
    },
    // What a tampering client might have written: the server must not charge this.
    totals: { subtotal: 100, discount: 0, shipping: 0, vat: 0, total: 100 },
    status: "shipping_done",
    ...overrides,
  };
}

/** A personal draft of `userId` past step 4 (completeDraftData's), written straight to the database; answers its id. */
export async function insertCompleteDraft(db: Database, userId: string, data = completeDraftData()): Promise<string> {
  const [row] = await db
    .insert(orderDrafts)
    .values({ accountId: userId, userId, productId: "8", status: "shipping_done", data: draftDataSchema.parse(data) })
    .returning({ id: orderDrafts.id });
  if (!row) throw new Error("no draft row");
  return row.id;
}

/**
 * Gives `userId`'s unpaid drafts without a cart line their product's first line, as step 2 gives a
 * draft the line it customises (decision 086): for tests that write drafts and cart lines straight
 * to the database.
 */
export async function linkDraftsToCartLines(db: Database, userId: string): Promise<void> {
  await db.execute(sql`
    update order_drafts d
       set cart_item_id = (select c.id from cart_items c
                            where c.user_id = d.user_id and c.product_id = d.product_id
                            order by c.created_at limit 1)
     where d.user_id = ${userId} and d.paid_at is null and d.cart_item_id is null`);
}
