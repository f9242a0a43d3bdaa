-- The buyer's order timeline says how they paid in words (issue 16 item 8): the provider's payment
-- id, which earlier releases wrote into the note, stays on the order as the staff-only reference.
UPDATE "order_status_history" SET "note" = 'Paid by card'
WHERE "actor" = 'system' AND "to_status" = 'paid' AND "note" LIKE 'Paid by card (%';
