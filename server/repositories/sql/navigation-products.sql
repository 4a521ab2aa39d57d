-- Cards of the products on sale in country $1 (view offered_product_cards, migration 002).
-- $2 category, $3 sub-category (NULL = any), $4 limit.
WITH cards AS (
  SELECT * FROM offered_product_cards WHERE local = $1
)
SELECT * FROM cards
WHERE ($2::text IS NULL OR category = $2) AND ($3::text IS NULL OR sub_category = $3)
ORDER BY rank, product_id
LIMIT $4
