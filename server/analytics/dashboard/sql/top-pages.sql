-- The most viewed pages ($4 rows).
WITH p AS (
  SELECT path, views FROM analytics_page_days WHERE day = ANY ($1::date[])
    AND ($3::text[] IS NULL OR url_local = ANY ($3::text[]))
  UNION ALL
  SELECT path, views FROM analytics_page_rows($2::date[], $3::text[])
)
SELECT path, sum(views)::int AS views FROM p GROUP BY path ORDER BY views DESC, path LIMIT $4
