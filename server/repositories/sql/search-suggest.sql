-- Cards: the cheapest commodity of each product on sale in country $1 (in stock first), one row per product.
-- $2 the lower-cased phrase, $3 the phrase LIKE-escaped, $4 one %word% pattern per word (every word must match),
-- $5 translation catalogue code of the tagline, $6 limit.
-- Rank: exact name, name prefix, word prefix in the name, substring of the name, category prefix, elsewhere.
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
scored AS (
  SELECT cards.*,
         lower(name || ' ' || category || ' ' || sub_category || ' ' ||
               coalesce(data -> 'tagline' ->> $5, data -> 'tagline' ->> 'en', '')) AS haystack,
         CASE WHEN lower(name) = $2 THEN 100
              WHEN lower(name) LIKE $3 || '%' THEN 80
              WHEN lower(name) LIKE '% ' || $3 || '%' THEN 60
              WHEN lower(name) LIKE '%' || $3 || '%' THEN 40
              WHEN lower(category) LIKE $3 || '%' OR lower(sub_category) LIKE $3 || '%' THEN 20
              ELSE 10 END AS score
  FROM cards
)
SELECT * FROM scored
WHERE NOT EXISTS (SELECT 1 FROM unnest($4::text[]) AS w(pattern) WHERE haystack NOT LIKE w.pattern)
ORDER BY score DESC, (stock > 0) DESC, rank, name
LIMIT $6
