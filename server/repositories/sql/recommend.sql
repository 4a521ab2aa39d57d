-- Cards of the products on sale in country $1 (view offered_product_cards, migration 002).
-- $2 the caller's cart (NULL = none), $3 limit.
-- Leaves out what is in the cart; the cart's categories first, then hot, new and discounted products.
WITH cards AS (
  SELECT * FROM offered_product_cards WHERE local = $1
),
in_cart AS (
  SELECT DISTINCT p.id, p.category
  FROM cart_items ci
  JOIN commodities c ON c.commodity_id = ci.commodity_id
  JOIN products p ON p.id = c.product_id
  WHERE ci.cart_id = $2::uuid
)
SELECT cards.* FROM cards
WHERE stock > 0 AND product_id NOT IN (SELECT id FROM in_cart)
ORDER BY (category IN (SELECT category FROM in_cart)) DESC,
         CASE data -> 'marketingTag' ->> 'subtype' WHEN 'hot' THEN 0 WHEN 'new' THEN 1 WHEN 'discount' THEN 2 ELSE 3 END,
         rank, product_id
LIMIT $3
