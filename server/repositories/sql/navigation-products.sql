-- Cards: the cheapest commodity of each product on sale in country $1 (in stock first), one row per product.
-- $2 category, $3 sub-category (NULL = any), $4 limit.
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
)
SELECT * FROM cards
WHERE ($2::text IS NULL OR category = $2) AND ($3::text IS NULL OR sub_category = $3)
ORDER BY rank, product_id
LIMIT $4
