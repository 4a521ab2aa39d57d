-- The 75th percentile of each web vital per storefront and release, over every measurement of the period: the
-- measurements of a group are put together first (analytics_concat), so each group sorts only its own.
WITH m AS (
  SELECT url_local, release_id, metric, vals FROM analytics_vital_days WHERE day = ANY ($1::date[])
    AND ($3::text[] IS NULL OR url_local = ANY ($3::text[]))
  UNION ALL
  SELECT url_local, release_id, metric, vals FROM analytics_vital_rows($2::date[], $3::text[])
), g AS (
  SELECT url_local, release_id, metric, analytics_concat(vals) AS vals FROM m GROUP BY url_local, release_id, metric
)
SELECT url_local AS storefront, release_id AS key, metric,
  (SELECT percentile_cont(0.75) WITHIN GROUP (ORDER BY value) FROM unnest(g.vals) AS value) AS p75,
  cardinality(vals) AS samples
FROM g
