-- Cards of the products on sale in country $1 (view offered_product_cards, migration 002).
-- $2 the lower-cased phrase, $3 the phrase LIKE-escaped, $4 one %word% pattern per word (every word must match),
-- $5 translation catalogue code of the tagline, $6 limit.
-- Rank: exact name, name prefix, word prefix in the name, substring of the name, category prefix, elsewhere.
WITH cards AS (
  SELECT * FROM offered_product_cards WHERE local = $1
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
