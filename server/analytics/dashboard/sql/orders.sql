-- Revenue in minor units per currency, in total and per storefront, release, channel and campaign. An order counts
-- once, on the first day and at the first event it was seen.
WITH per_day AS (
  SELECT url_local, order_key, release_id, channel, campaign, currency, value, first_at
  FROM analytics_order_days WHERE day = ANY ($1::date[]) AND ($3::text[] IS NULL OR url_local = ANY ($3::text[]))
  UNION ALL
  SELECT url_local, order_key, release_id, channel, campaign, currency, value, first_at
  FROM analytics_order_rows($2::date[], $3::text[])
), o AS (
  SELECT DISTINCT ON (url_local, order_key) url_local, release_id, channel, campaign, currency, value
  FROM per_day ORDER BY url_local, order_key, first_at
)
SELECT
  CASE WHEN GROUPING(url_local) = 0 THEN 'storefront' WHEN GROUPING(release_id) = 0 THEN 'release'
    WHEN GROUPING(channel) = 0 THEN 'channel' WHEN GROUPING(campaign) = 0 THEN 'campaign' ELSE 'total' END AS dimension,
  coalesce(url_local, release_id, channel, campaign, '') AS key,
  currency, sum(value)::float8 AS amount, count(*)::int AS orders
FROM o
GROUP BY GROUPING SETS ((currency), (url_local, currency), (release_id, currency), (channel, currency),
  (campaign, currency))
