-- Refunds that are really paid, and cancellation after payment. A paid order is refunded through refundOrderIn
-- (server/orders/refund-order.ts), in parts and more than once (a return, then another), per source of the money
-- that paid it: the provider's charge, a split-payment part, a gift card. The once-only indexes of migration 023 stay
-- for the refunds that are owed once per charge or order (a late or second charge, a cancelled split payment).

-- The reasons (REFUND_REASONS, server/schemas/order.ts) stay unconstrained here as before: the code's type is their
-- one list (order_closed, duplicate, split_parts_paid, presale_lapsed, and now cancelled, return, goodwill).

-- A gift-card part goes straight back to the card's balance (the row is written done); a return's refunds name the
-- return; `actor` is who asked for the refund (shopper, system, staff:<id>), as on the order's timeline.
ALTER TABLE refunds
  ADD COLUMN gift_card_id bigint REFERENCES gift_cards (id) ON DELETE SET NULL,
  ADD COLUMN return_id    text,
  ADD COLUMN actor        text NOT NULL DEFAULT 'system' CHECK (actor ~ '^(shopper|system|warehouse|staff:[0-9]+)$');
DROP INDEX refunds_order_reason_idx;
DROP INDEX refunds_payment_idx;
DROP INDEX refunds_split_part_idx;
CREATE UNIQUE INDEX refunds_order_reason_idx ON refunds (order_id, reason)
  WHERE payment_id IS NULL AND split_part_id IS NULL AND reason IN ('split_parts_paid', 'presale_lapsed')
    AND gift_card_id IS NULL;
CREATE UNIQUE INDEX refunds_payment_idx ON refunds (payment_id)
  WHERE payment_id IS NOT NULL AND reason IN ('order_closed', 'duplicate');
CREATE UNIQUE INDEX refunds_split_part_idx ON refunds (split_part_id)
  WHERE split_part_id IS NOT NULL AND reason = 'split_parts_paid';
CREATE INDEX refunds_payment_sum_idx ON refunds (payment_id) WHERE payment_id IS NOT NULL;
CREATE INDEX refunds_split_part_sum_idx ON refunds (split_part_id) WHERE split_part_id IS NOT NULL;

CREATE INDEX refunds_gift_card_idx ON refunds (order_id, gift_card_id) WHERE gift_card_id IS NOT NULL;
-- Staff's queue: refunds the provider refused and refunds only staff pay, across orders.
CREATE INDEX refunds_staff_queue_idx ON refunds (due_by) WHERE state = 'failed' OR (state = 'pending' AND provider IS NULL);

-- Points earned on an order that was cancelled after payment are taken back ('clawback', once per order); what the
-- balance could not cover is recorded on the order's cancelled step.
ALTER TABLE points_ledger DROP CONSTRAINT points_ledger_reason_check;
ALTER TABLE points_ledger ADD CONSTRAINT points_ledger_reason_check
  CHECK (reason IN ('earn', 'redeem', 'return', 'welcome', 'clawback'));

-- A gift card bought by an order cancelled before it was used is void: nothing can be spent from it any more.
ALTER TABLE gift_cards ADD COLUMN voided_at timestamptz;
