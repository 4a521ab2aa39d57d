-- Stock is live data, not content: the seed gives an offer its starting stock once, when the offer is new, and never
-- writes it again; every later change goes through move_stock below and leaves a row in the ledger stock_movements.
-- An offer the snapshot no longer has is kept with its history and stops selling (on_sale = false).

ALTER TABLE offers ADD COLUMN on_sale boolean NOT NULL DEFAULT true;

-- The ledger: each change of an offer's stock with its cause, the stock it left, who made it and why.
--   snapshot start  the starting stock of a new offer (written by the seed)
--   sale            units reserved by a placed order (negative)
--   cancellation    units of a cancelled or expired unpaid order put back (positive)
--   set             an operator counted the stock and set it (delta = new - old)
--   adjustment      an operator corrected the stock by a delta (breakage, a delivery, a found box)
ALTER TABLE stock_movements DROP CONSTRAINT stock_movements_reason_check;
UPDATE stock_movements SET reason = CASE reason WHEN 'order' THEN 'sale' WHEN 'cancel' THEN 'cancellation' ELSE reason END;
ALTER TABLE stock_movements
  ADD COLUMN stock_after integer,                                              -- NULL only on rows older than this migration
  ADD COLUMN reference   text,                                                 -- what caused it besides an order, e.g. a snapshot hash
  ADD COLUMN actor_id    integer REFERENCES users (id) ON DELETE SET NULL,     -- the operator; NULL for the store itself
  ADD COLUMN note        text CHECK (length(note) <= 500);
ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_reason_check
  CHECK (reason IN ('snapshot start', 'sale', 'cancellation', 'set', 'adjustment'));
CREATE INDEX stock_movements_offer_idx ON stock_movements (commodity_id, local, id DESC);

-- Moves the stock of one offer by p_delta and writes the movement, as one statement pair in the caller's
-- transaction; the one way stock changes after an offer exists. Answers the stock after the move, or NULL (nothing
-- written) when the offer does not exist, the stock would go below zero, or p_expected is given and is not the
-- stock now: the conditional UPDATE decides under any concurrency, never a read-then-write.
CREATE FUNCTION move_stock(
  p_commodity text, p_local text, p_delta integer, p_reason text,
  p_order bigint DEFAULT NULL, p_reference text DEFAULT NULL, p_actor integer DEFAULT NULL, p_note text DEFAULT NULL,
  p_expected integer DEFAULT NULL
)
RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_after integer;
BEGIN
  UPDATE offers SET stock = stock + p_delta
  WHERE commodity_id = p_commodity AND local = p_local AND stock + p_delta >= 0 AND (p_expected IS NULL OR stock = p_expected)
  RETURNING stock INTO v_after;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  INSERT INTO stock_movements (commodity_id, local, order_id, delta, reason, stock_after, reference, actor_id, note)
  VALUES (p_commodity, p_local, p_order, p_delta, p_reason, v_after, p_reference, p_actor, p_note);
  RETURN v_after;
END
$$;

-- Product cards (navigation, recommendations, search) show only offers on sale.
CREATE OR REPLACE VIEW offered_product_cards AS
SELECT DISTINCT ON (o.local, p.id)
       o.local, p.id AS product_id, p.name, p.image, p.category, p.sub_category, p.rank,
       jsonb_strip_nulls(jsonb_build_object('tagline', p.data -> 'tagline', 'marketingTag', p.data -> 'marketingTag', 'energyInfo', p.data -> 'energyInfo',
                                            'bundleLabels', p.data -> 'bundleLabels', 'labelCountries', p.data -> 'labelCountries')) AS data,
       c.commodity_id, o.currency, o.sale_price::float8 AS sale_price, o.market_price::float8 AS market_price, o.stock
FROM products p
JOIN commodities c ON c.product_id = p.id
JOIN offers o ON o.commodity_id = c.commodity_id
WHERE p.category <> 'gift-cards' AND o.on_sale
ORDER BY o.local, p.id, (o.stock > 0) DESC, o.sale_price, c.position;

-- Cart lines: an offer off sale reads as no offer (NULL prices), so the cart shows the line "not available" and the
-- checkout blocks it, exactly as for a commodity the country never sold. Otherwise as in migration 022.
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
             o.currency, o.sale_price::float8 AS sale_price, o.market_price::float8 AS market_price, o.stock
      FROM cart_items ci
      JOIN commodities c ON c.commodity_id = ci.commodity_id
      JOIN products p ON p.id = c.product_id
      LEFT JOIN offers o ON o.commodity_id = ci.commodity_id AND o.local = p_local AND o.on_sale
      WHERE ci.cart_id = p_cart
    ) l
  ), '[]');
END
$$;

-- cart_add as in migration 022, except that an offer off sale is "not on sale" (the offers join above).
-- Adds p_quantity of commodity p_commodity to the cart of a user (p_user) or a visitor (cookie cart p_cart; a new
-- cart p_new_cart when that one does not exist), in one round trip, and answers as jsonb:
--   {cart_id, created, outcome, limit, quantity, lines, notices}
-- outcome: ok | unknown | fcode | not_on_sale | out_of_stock | limit | full; lines (cart_lines) and notices
-- only when ok. The cart row is locked first, and each statement of a VOLATILE function takes a fresh snapshot, so
-- the checks below see every add committed before the lock was granted: concurrent adds to one cart apply one
-- after another and the limits hold (per product over its variants; p_max_lines distinct lines; F-codes held).
-- Checks in the order the shopper is told: unknown, F-code, not on sale, out of stock, limit, full.
CREATE OR REPLACE FUNCTION cart_add(
  p_cart uuid, p_user integer, p_new_cart uuid, p_commodity text, p_quantity integer, p_local text,
  p_limit_floor integer, p_max_lines integer
)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_cart uuid;
  v_created boolean := false;
  v_product text;
  v_limit integer;
  v_stock integer;
  v_in_product integer;
  v_line integer;
  v_line_count integer;
  v_held integer;
  v_outcome text := 'ok';
  v_quantity integer;
BEGIN
  IF p_user IS NOT NULL THEN
    SELECT id INTO v_cart FROM carts WHERE user_id = p_user FOR UPDATE;
    IF NOT FOUND THEN
      -- Two first adds of one user at once: the second waits for the first's row and takes it.
      INSERT INTO carts (id, user_id) VALUES (p_new_cart, p_user)
      ON CONFLICT (user_id) DO UPDATE SET updated_at = now() RETURNING id INTO v_cart;
    END IF;
  ELSE
    SELECT id INTO v_cart FROM carts WHERE id = p_cart AND user_id IS NULL FOR UPDATE;
    IF NOT FOUND THEN
      INSERT INTO carts (id) VALUES (p_new_cart) RETURNING id INTO v_cart;
      v_created := true;
    END IF;
  END IF;

  SELECT p.id, p.purchase_limit, o.stock INTO v_product, v_limit, v_stock
  FROM commodities c JOIN products p ON p.id = c.product_id
  LEFT JOIN offers o ON o.commodity_id = c.commodity_id AND o.local = p_local AND o.on_sale
  WHERE c.commodity_id = p_commodity;
  IF NOT FOUND THEN
    v_outcome := 'unknown';
  ELSE
    SELECT coalesce(sum(ci.quantity) FILTER (WHERE c.product_id = v_product), 0)::int,
           max(ci.quantity) FILTER (WHERE ci.commodity_id = p_commodity),
           count(*)::int
      INTO v_in_product, v_line, v_line_count
    FROM cart_items ci JOIN commodities c ON c.commodity_id = ci.commodity_id
    WHERE ci.cart_id = v_cart;
    -- A company purchase (flow=company) has the business limit per product instead (sites/business-pricing.ts).
    v_limit := greatest(v_limit, p_limit_floor);
    -- F-codes: while the product's campaign is open here, each unit in a cart needs one of the shopper's codes.
    IF EXISTS (SELECT 1 FROM fcodes f WHERE f.local = p_local AND f.product_id = v_product AND f.ends_at > now()) THEN
      IF p_user IS NULL THEN
        v_outcome := 'fcode';
      ELSE
        SELECT count(*)::int INTO v_held FROM fcodes f
        WHERE f.user_id = p_user AND f.local = p_local AND f.product_id = v_product AND f.used_at IS NULL AND f.ends_at > now();
        IF v_in_product + p_quantity > v_held THEN
          v_outcome := 'fcode';
        END IF;
      END IF;
    END IF;
    IF v_outcome <> 'ok' THEN
      NULL;
    ELSIF v_stock IS NULL THEN
      v_outcome := 'not_on_sale';
    ELSIF v_stock = 0 THEN
      v_outcome := 'out_of_stock';
    ELSIF v_in_product + p_quantity > v_limit THEN
      v_outcome := 'limit';
    ELSIF v_line IS NULL AND v_line_count >= p_max_lines THEN
      v_outcome := 'full';
    ELSE
      INSERT INTO cart_items (cart_id, commodity_id, quantity) VALUES (v_cart, p_commodity, p_quantity)
      ON CONFLICT (cart_id, commodity_id) DO UPDATE SET quantity = cart_items.quantity + EXCLUDED.quantity, checked = true
      RETURNING cart_items.quantity INTO v_quantity;
      UPDATE carts SET updated_at = now() WHERE id = v_cart;
    END IF;
  END IF;

  IF v_outcome <> 'ok' THEN
    RETURN jsonb_build_object('cart_id', v_cart, 'created', v_created, 'outcome', v_outcome, 'limit', v_limit);
  END IF;
  RETURN jsonb_build_object(
    'cart_id', v_cart, 'created', v_created, 'outcome', v_outcome, 'limit', v_limit, 'quantity', v_quantity,
    'lines', cart_lines(v_cart, p_local),
    'notices', (SELECT notices FROM carts WHERE id = v_cart)
  );
END
$$;
