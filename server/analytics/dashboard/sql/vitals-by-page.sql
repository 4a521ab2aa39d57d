-- The 75th percentile of each web vital per storefront and page type, over every measurement of the period.
WITH m AS (
  SELECT url_local, page_type, metric, vals FROM analytics_vital_days WHERE day = ANY ($1::date[])
    AND ($3::text[] IS NULL OR url_local = ANY ($3::text[]))
  UNION ALL
  SELECT url_local, page_type, metric, vals FROM analytics_vital_rows($2::date[], $3::text[])
)
SELECT url_local AS storefront, page_type AS key, metric,
  percentile_cont(0.75) WITHIN GROUP (ORDER BY value) AS p75, count(*)::int AS samples
FROM m, unnest(vals) AS value
GROUP BY url_local, page_type, metric
