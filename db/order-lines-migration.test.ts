import { PGLITE_EXTENSIONS } from "~/server/platform/db.server";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { coloursFor } from "~/catalogue/colours";
import { orderLineSnapshotSchema, orderSnapshotSchema } from "~/domain/orders/order-snapshot";
import { draftDataSchema } from "~/domain/checkout/draft-schemas";
import { readLedgerLines } from "~/domain/checkout/ledger-lines";

// Decision 015: an order paid before orders had lines becomes a one-line order, with nothing
// of what the buyer chose or paid lost, its proofs become that line's (0011), and its payment
// records that one line (0012). Runs the
// committed SQL files in order, stopping before 0010 to write an order and a proof the way the
// code before it did.
const folder = fileURLToPath(new URL("./migrations", import.meta.url));
const files = readdirSync(folder)
  .filter((name) => name.endsWith(".sql"))
  .sort();
const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
afterAll(() => client.close());

async function apply(name: string) {
  const text = readFileSync(`${folder}/${name}`, "utf8");
  for (const statement of text.split("--> statement-breakpoint")) {
    if (statement.trim()) await client.exec(statement);
  }
}

describe("migrations 0010 to 0015: order lines, their proofs, the payment's lines and its note", () => {
  // A fresh PGlite and thirteen migrations take a while on a busy 2-core machine; not a speed check.
  it("turns each earlier order into a one-line order, keeping its choices, product and price", async () => {
    const at = files.indexOf("0010_order_lines.sql");
    expect(at).toBeGreaterThan(0);
    for (const name of files.slice(0, at)) await apply(name);

    const data = draftDataSchema.parse({
      product_id: "8",
      quantity: 120,
      variant: { color_hex: "#1B2A4A" },
      branding: { method: "embroidery", placement: "Front", placement_details: "Centred" },
      customization_selections: ["Front embroidery"],
      notes: "Navy thread please",
      details: { contact_name: "Jane Smith", email: "jane@acme.example", po_ref: "PO-77" },
      shipping: { address: { line1: "2 Dock Road", city: "Leeds", country: "GB" }, method: "express" },
      status: "paid",
    });
    const product = { id: "8", title: "Custom Embroidered Cap", leadTime: "3.5 weeks", deliveryTime: "5-7 days" };
    const draft = await client.query<{ id: string }>(
      `insert into order_drafts (account_id, user_id, product_id, status, data, paid_at)
       values ('u1', 'u1', '8', 'paid', $1, now()) returning id`,
      [JSON.stringify(data)],
    );
    const draftId = draft.rows[0]?.id;
    const inserted = await client.query<{ id: string }>(
      `insert into orders (number, draft_id, account_id, user_id, product_id, quantity, snapshot, unit_pence,
         subtotal_pence, discount_pence, shipping_pence, vat_pence, total_pence, vat_rate, payment_intent_id, paid_at)
       values ('SS-000001', $1, 'u1', 'u1', '8', 120, $2, 550, 66000, 0, 3500, 13900, 83400, 20, 'pi_test_1', now())
       returning id`,
      [draftId, JSON.stringify({ data, product })],
    );
    const orderId = inserted.rows[0]?.id;
    await client.query(
      `insert into payment_intents (intent_id, provider, draft_id, account_id, user_id, idempotency_key, amount_pence,
         currency, subtotal_pence, discount_pence, shipping_pence, vat_pence, vat_rate, unit_pence, quantity, status)
       values ('pi_test_1', 'test', $1, 'u1', 'u1', 'key-1', 83400, 'gbp', 66000, 0, 3500, 13900, 20, 550, 120, 'succeeded')`,
      [draftId],
    );
    await client.query(
      `insert into order_proofs (order_id, version, stored_name, original_name, content_type, size_bytes, uploaded_by)
       values ($1, 1, 'stored-1', 'proof.pdf', 'application/pdf', 10, 'staff1')`,
      [orderId],
    );

    await client.query(
      `insert into order_status_history (order_id, from_status, to_status, actor, note)
       values ($1, null, 'paid', 'system', 'Paid by card (test pi_test_1)'),
              ($1, 'paid', 'proof_sent', 'staff', 'Paid by card (pi_x) was checked')`,
      [orderId],
    );

    for (const name of files.slice(at)) await apply(name);

    const orders = await client.query<{ snapshot: unknown; subtotal_pence: number; total_pence: number }>(
      "select snapshot, subtotal_pence, total_pence from orders",
    );
    expect(orders.rows).toHaveLength(1);
    const order = orders.rows[0];
    expect(order).toMatchObject({ subtotal_pence: 66000, total_pence: 83400 });
    const kept = orderSnapshotSchema.parse(order?.snapshot);
    expect(kept.data.details).toEqual(data.details);
    expect(kept.data.shipping).toEqual(data.shipping);

    const lines = await client.query<{
      position: number;
      draft_id: string;
      product_id: string;
      quantity: number;
      unit_pence: number;
      subtotal_pence: number;
      snapshot: unknown;
    }>("select position, draft_id, product_id, quantity, unit_pence, subtotal_pence, snapshot from order_lines");
    expect(lines.rows).toHaveLength(1);
    const line = lines.rows[0];
    expect(line).toMatchObject({
      position: 1,
      draft_id: draftId,
      product_id: "8",
      quantity: 120,
      unit_pence: 550,
      subtotal_pence: 66000,
    });
    const parsed = orderLineSnapshotSchema.parse(line?.snapshot);
    // 0034: with the colours and bands it was sold with, from the catalogue as 0033 wrote it.
    expect(parsed.product).toEqual({
      ...product,
      colours: coloursFor("8"),
      tiers: [
        { from: 50, to: 399, unitPence: 550 },
        { from: 400, to: null, unitPence: 388 },
      ],
    });
    expect(parsed.customization).toMatchObject({
      variant: data.variant,
      branding: data.branding,
      customization_selections: data.customization_selections,
      notes: data.notes,
      quantity: 120,
    });
    // What belongs to the whole order is no longer repeated on its line, and the reverse.
    expect(Object.keys(line?.snapshot as object).sort()).toEqual(["customization", "product"]);
    expect(Object.keys(parsed.customization)).not.toContain("details");
    expect(Object.keys(order?.snapshot ?? {})).toEqual(["data"]);
    expect(JSON.stringify(order?.snapshot)).not.toContain("branding");

    const proofs = await client.query<{ order_id: string; order_line_id: string; version: number }>(
      "select p.order_id, p.order_line_id, p.version from order_proofs p",
    );
    const lineId = (await client.query<{ id: string }>("select id from order_lines")).rows[0]?.id;
    expect(proofs.rows).toEqual([{ order_id: orderId, order_line_id: lineId, version: 1 }]);

    // 0012: the payment's one line, as the ledger now records a cart's lines (decision 016).
    const ledger = await client.query<{ lines: unknown }>("select * from payment_intents");
    expect(readLedgerLines(ledger.rows[0]?.lines)).toEqual([
      // Lines from before set-up fees and surcharges read as carrying none (decision 088).
      {
        draftId,
        version: 1,
        productId: "8",
        quantity: 120,
        unitPence: 550,
        subtotalPence: 66000,
        charges: [],
        chargesPence: 0,
      },
    ]);
    expect(Object.keys(ledger.rows[0] ?? {})).not.toContain("unit_pence");

    // 0015: the buyer's timeline says how they paid in words; a staff note is theirs and kept.
    const history = await client.query<{ note: string }>("select note from order_status_history order by id");
    expect(history.rows.map((row) => row.note)).toEqual(["Paid by card", "Paid by card (pi_x) was checked"]);
  }, 120_000);
});
