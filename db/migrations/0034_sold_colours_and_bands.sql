-- Order lines keep the colours and price bands their product was sold with (app/domain/orders/order-snapshot.ts:
-- soldProductSchema), so a line's colour keeps its name and its price its bands whatever the catalogue does
-- later. Lines sold before this get them from the catalogue as migration 0033 wrote it, which is the
-- catalogue they were sold from.
UPDATE "order_lines" AS "line"
SET "snapshot" = jsonb_set(
  jsonb_set(
    "line"."snapshot",
    '{product,colours}',
    coalesce(
      (SELECT jsonb_agg(jsonb_build_object('name', "c"."name", 'hex', "c"."hex") ORDER BY "c"."position")
       FROM "product_colours" AS "c" WHERE "c"."product_id" = "line"."snapshot" -> 'product' ->> 'id'),
      '[]'::jsonb
    )
  ),
  '{product,tiers}',
  coalesce(
    (SELECT jsonb_agg(
       jsonb_build_object('from', "t"."from_quantity", 'to', "t"."to_quantity", 'unitPence', "t"."unit_pence")
       ORDER BY "t"."from_quantity")
     FROM "product_price_tiers" AS "t" WHERE "t"."product_id" = "line"."snapshot" -> 'product' ->> 'id'),
    '[]'::jsonb
  )
)
WHERE NOT ("line"."snapshot" -> 'product' ? 'colours');
