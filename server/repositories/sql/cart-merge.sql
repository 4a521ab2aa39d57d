-- Moves the lines of visitor cart $1 into user cart $2: quantities add up, capped at the product's purchase limit;
-- a line checked in either cart stays checked.
INSERT INTO cart_items (cart_id, commodity_id, quantity, checked, added_at)
SELECT $2, v.commodity_id, LEAST(v.quantity, p.purchase_limit), v.checked, v.added_at
FROM cart_items v JOIN commodities c ON c.commodity_id = v.commodity_id JOIN products p ON p.id = c.product_id
WHERE v.cart_id = $1
ON CONFLICT (cart_id, commodity_id) DO UPDATE
  SET quantity = LEAST(cart_items.quantity + EXCLUDED.quantity,
                       (SELECT p2.purchase_limit FROM commodities c2 JOIN products p2 ON p2.id = c2.product_id
                        WHERE c2.commodity_id = EXCLUDED.commodity_id)),
      checked = cart_items.checked OR EXCLUDED.checked
