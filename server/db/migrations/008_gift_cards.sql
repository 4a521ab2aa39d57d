-- Gift cards: a code with a balance in one country's currency. Spending is a conditional debit
-- (balance >= amount), so parallel orders never spend more than the balance.
CREATE TABLE gift_cards (
  id               bigserial PRIMARY KEY,
  code             text NOT NULL UNIQUE,
  local            text NOT NULL,
  currency         text NOT NULL,
  initial_amount   bigint NOT NULL CHECK (initial_amount > 0),
  balance          bigint NOT NULL CHECK (balance >= 0 AND balance <= initial_amount),
  -- The buyer keeps the code to give away; the card belongs to whoever adds or first uses it.
  bought_by        integer REFERENCES users (id) ON DELETE SET NULL,
  owner_id         integer REFERENCES users (id) ON DELETE SET NULL,
  source_order_id  bigint REFERENCES orders (id) ON DELETE SET NULL,
  redeemable_from  timestamptz NOT NULL,
  expires_at       timestamptz NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gift_cards_owner_idx ON gift_cards (owner_id);
CREATE INDEX gift_cards_buyer_idx ON gift_cards (bought_by);
CREATE INDEX gift_cards_source_idx ON gift_cards (source_order_id);

-- What an order took from each card; a cancelled unpaid order gives it back (returned_at).
CREATE TABLE gift_card_uses (
  id           bigserial PRIMARY KEY,
  gift_card_id bigint NOT NULL REFERENCES gift_cards (id) ON DELETE CASCADE,
  order_id     bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  amount       bigint NOT NULL CHECK (amount > 0),
  returned_at  timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (gift_card_id, order_id)
);
CREATE INDEX gift_card_uses_order_idx ON gift_card_uses (order_id);

-- The part of an order's total paid by gift cards; the rest is charged (payments.amount).
ALTER TABLE orders ADD COLUMN gift_card_amount bigint NOT NULL DEFAULT 0 CHECK (gift_card_amount >= 0 AND gift_card_amount <= total);

-- Gift cards are bought from the voucher page, not found through navigation, search or recommendations.
CREATE OR REPLACE VIEW offered_product_cards AS
SELECT DISTINCT ON (o.local, p.id)
       o.local, p.id AS product_id, p.name, p.image, p.category, p.sub_category, p.rank,
       jsonb_strip_nulls(jsonb_build_object('tagline', p.data -> 'tagline', 'marketingTag', p.data -> 'marketingTag', 'energyInfo', p.data -> 'energyInfo',
                                            'bundleLabels', p.data -> 'bundleLabels', 'labelCountries', p.data -> 'labelCountries')) AS data,
       c.commodity_id, o.currency, o.sale_price::float8 AS sale_price, o.market_price::float8 AS market_price, o.stock
FROM products p
JOIN commodities c ON c.product_id = p.id
JOIN offers o ON o.commodity_id = c.commodity_id
WHERE p.category <> 'gift-cards'
ORDER BY o.local, p.id, (o.stock > 0) DESC, o.sale_price, c.position;
