-- Searches that found nothing, per storefront and query (lower case, trimmed), most frequent first ($4 rows).
WITH s AS (
  SELECT url_local, query, searches FROM analytics_empty_search_days WHERE day = ANY ($1::date[])
    AND ($3::text[] IS NULL OR url_local = ANY ($3::text[]))
  UNION ALL
  SELECT url_local, query, searches FROM analytics_empty_search_rows($2::date[], $3::text[])
)
SELECT url_local AS storefront, query, sum(searches)::int AS searches
FROM s GROUP BY url_local, query ORDER BY searches DESC, storefront, query LIMIT $4
