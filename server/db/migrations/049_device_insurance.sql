-- Device insurance (accidental damage, sites/insurance.json): offered with eligible devices in the cart and at
-- checkout, bought with the order as its own line beside the device line it covers (one plan per unit), one policy
-- per insured unit whose cover starts at the unit's delivery, and claims made through the after-sales requests.

-- The shopper's choice in the cart: this device line is to be insured (every unit of it). Goes with its line.
CREATE TABLE cart_insurance (
  cart_id      uuid NOT NULL,
  commodity_id text NOT NULL,
  added_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cart_id, commodity_id),
  FOREIGN KEY (cart_id, commodity_id) REFERENCES cart_items (cart_id, commodity_id) ON DELETE CASCADE
);

-- The cart's lines as before (migration 028), each with whether the shopper chose to insure it and whether its
-- product is in a pre-sale's deposit window, so the cart answer and checkout read the choice in the same one query.
CREATE OR REPLACE FUNCTION cart_lines(p_cart uuid, p_local text)
RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce((
    SELECT jsonb_agg(to_jsonb(l) - 'added_at' ORDER BY l.added_at, l.commodity_id)
    FROM (
      SELECT ci.added_at, ci.commodity_id, ci.quantity, ci.checked, c.goods_id, c.first_spec_value, c.second_spec_value,
             p.id AS product_id, p.category, p.name, p.image, p.purchase_limit,
             p.data -> 'energyInfo' AS energy_info, p.data -> 'bundleLabels' AS bundle_labels,
             p.data -> 'labelCountries' AS label_countries, coalesce((p.data ->> 'preOrder')::boolean, false) AS pre_order,
             o.currency, o.sale_price::float8 AS sale_price, o.market_price::float8 AS market_price, o.stock,
             (SELECT CASE WHEN h.currency = o.currency THEN h.sale_price::float8 END
              FROM offer_price_history h
              WHERE h.local = p_local AND h.commodity_id = ci.commodity_id AND h.valid_from <= ci.added_at
              ORDER BY h.valid_from DESC LIMIT 1) AS added_price,
             EXISTS (SELECT 1 FROM cart_insurance x WHERE x.cart_id = ci.cart_id AND x.commodity_id = ci.commodity_id)
               AS insured,
             -- In a pre-sale's deposit window the checkout takes a deposit order, which carries no plan.
             EXISTS (SELECT 1 FROM presale_campaigns pc WHERE pc.local = p_local AND pc.product_id = p.id
                       AND campaign_live(pc.deposit_starts_at, pc.deposit_ends_at)) AS in_presale
      FROM cart_items ci
      JOIN commodities c ON c.commodity_id = ci.commodity_id
      JOIN products p ON p.id = c.product_id
      LEFT JOIN offers o ON o.commodity_id = ci.commodity_id AND o.local = p_local AND o.on_sale
      WHERE ci.cart_id = p_cart
    ) l
  ), '[]');
END
$$;

-- The insurance line of an order: the plan bought for every unit of one device line, priced by the server at
-- placement, with the cover it was sold with (a later change of sites/insurance.json does not move a sold plan).
CREATE TABLE order_insurance_lines (
  order_id        bigint NOT NULL,
  line_no         integer NOT NULL,                 -- the device line it covers
  plan_id         text NOT NULL,
  quantity        integer NOT NULL CHECK (quantity > 0),
  unit_price      bigint NOT NULL CHECK (unit_price > 0),
  subtotal        bigint NOT NULL,
  cover_months    integer NOT NULL CHECK (cover_months > 0),
  claims_per_year integer NOT NULL CHECK (claims_per_year > 0),
  withdrawal_days integer NOT NULL CHECK (withdrawal_days > 0),
  PRIMARY KEY (order_id, line_no),
  FOREIGN KEY (order_id, line_no) REFERENCES order_lines (order_id, line_no) ON DELETE CASCADE,
  CHECK (subtotal = unit_price * quantity)
);

-- One policy per insured unit. Its cover starts when the unit is delivered and ends cover_months later; it ends
-- early when the plan alone is withdrawn or the device goes back (a return), with the refund it got. The IMEI is
-- recorded once the shipment names it; an order cancelled before delivery leaves its policies void (read from the
-- order). Numbers shown to shoppers come from a keyed permutation (migration 026): they do not count policies.
CREATE SEQUENCE insurance_policy_numbers;
CREATE TABLE insurance_policies (
  id            bigint PRIMARY KEY DEFAULT public_number(nextval('insurance_policy_numbers'), 49),
  order_id      bigint NOT NULL,
  line_no       integer NOT NULL,
  unit_no       integer NOT NULL CHECK (unit_no > 0),
  imei          text CHECK (imei ~ '^[0-9]{15}$'),
  starts_at     timestamptz,
  ends_at       timestamptz,
  ended_at      timestamptz,
  end_reason    text CHECK (end_reason IN ('withdrawn', 'returned')),
  refund_amount bigint CHECK (refund_amount >= 0),
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (order_id, line_no, unit_no),
  FOREIGN KEY (order_id, line_no) REFERENCES order_insurance_lines (order_id, line_no) ON DELETE CASCADE,
  CHECK ((starts_at IS NULL) = (ends_at IS NULL) AND (starts_at IS NULL OR ends_at > starts_at)),
  CHECK ((ended_at IS NULL) = (end_reason IS NULL))
);

-- A claim is an after-sales request of kind 'claim' on one policy; the policy's claims in a rolling year are counted
-- under its row lock, so parallel claims never pass the limit.
ALTER TABLE service_requests DROP CONSTRAINT service_requests_kind_check;
ALTER TABLE service_requests ADD CONSTRAINT service_requests_kind_check
  CHECK (kind IN ('repair', 'return', 'exchange', 'claim'));
-- A claim is bounded by its policy's claims a year, not by the one open request per product.
DROP INDEX service_requests_open_idx;
CREATE UNIQUE INDEX service_requests_open_idx ON service_requests (order_id, commodity_id)
  WHERE state NOT IN ('completed', 'rejected', 'cancelled') AND kind NOT IN ('return', 'claim');

CREATE TABLE insurance_claims (
  request_id    bigint PRIMARY KEY REFERENCES service_requests (id) ON DELETE CASCADE,
  policy_id     bigint NOT NULL REFERENCES insurance_policies (id) ON DELETE CASCADE,
  incident_date date NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX insurance_claims_policy_idx ON insurance_claims (policy_id, created_at);
