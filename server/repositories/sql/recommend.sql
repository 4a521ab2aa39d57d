-- Cards: the cheapest commodity of each product on sale in country $1 (in stock first), one row per product.
-- $2 the caller's cart (NULL = none), $3 limit.
-- Leaves out what is in the cart; the cart's categories first, then hot, new and discounted products.
WITH cards AS (
  SELECT DISTINCT ON (p.id)
         p.id AS product_id, p.name, p.image, p.category, p.sub_category, p.rank,
         -- Only what a card shows: the stored product carries every country's offers and would be sorted along.
         jsonb_strip_nulls(jsonb_build_object('tagline', p.data -> 'tagline', 'marketingTag', p.data -> 'marketingTag', 'energyInfo', p.data -> 'energyInfo',
                            'bundleLabels', p.data -> 'bundleLabels', 'labelCountries', p.data -> 'labelCountries')) AS data,
         c.commodity_id, o.currency, o.sale_price::float8 AS sale_price, o.market_price::float8 AS market_price, o.stock
  FROM products p
  JOIN commodities c ON c.product_id = p.id
  JOIN offers o ON o.commodity_id = c.commodity_id AND o.local = $1
  ORDER BY p.id, (o.stock > 0) DESC, o.sale_price, c.position
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
