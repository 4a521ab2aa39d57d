-- A fast API: a cart add was about ten statements, each a round trip from the API to the database, and
-- the database's answers, not Node, were where the time went. These functions let one call do the whole add.

-- The lines of cart p_cart with the offer of country p_local (NULL prices when the commodity is not sold there), in
-- the order they were added, as a jsonb array: the one definition behind the cart answer, the checkout and cart_add.
-- PL/pgSQL rather than SQL: a SQL function that cannot be inlined is planned again on every call, while PL/pgSQL
-- keeps its plans for the connection.
CREATE FUNCTION cart_lines(p_cart uuid, p_local text)
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
      LEFT JOIN offers o ON o.commodity_id = ci.commodity_id AND o.local = p_local
      WHERE ci.cart_id = p_cart
    ) l
  ), '[]');
END
$$;

-- Adds p_quantity of commodity p_commodity to the cart of a user (p_user) or a visitor (cookie cart p_cart; a new
-- cart p_new_cart when that one does not exist), in one round trip, and answers as jsonb:
--   {cart_id, created, outcome, limit, quantity, lines, notices}
-- outcome: ok | unknown | fcode | not_on_sale | out_of_stock | limit | full; lines (cart_lines) and notices
-- only when ok. The cart row is locked first, and each statement of a VOLATILE function takes a fresh snapshot, so
-- the checks below see every add committed before the lock was granted: concurrent adds to one cart apply one
-- after another and the limits hold (per product over its variants; p_max_lines distinct lines; F-codes held).
-- Checks in the order the shopper is told: unknown, F-code, not on sale, out of stock, limit, full.
CREATE FUNCTION cart_add(
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
  LEFT JOIN offers o ON o.commodity_id = c.commodity_id AND o.local = p_local
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
