-- Visits and page views per day, and the funnel in total and per storefront, release, channel and campaign, from
-- each visit's steps per day and place (rolled days from the rollup, the others from the events). Visits are counted
-- distinct in each group, so a visit seen on two days or in two releases counts once in the total and once in each.
-- $1 rolled days, $2 days read from the events, $3 storefronts (NULL: all).
WITH v AS (
  SELECT day, url_local, release_id, channel, campaign, visit_id, steps, page_views
  FROM analytics_visit_days WHERE day = ANY ($1::date[]) AND ($3::text[] IS NULL OR url_local = ANY ($3::text[]))
  UNION ALL
  SELECT day, url_local, release_id, channel, campaign, visit_id, steps, page_views
  FROM analytics_visit_rows($2::date[], $3::text[])
)
SELECT
  CASE WHEN GROUPING(day) = 0 THEN 'day' WHEN GROUPING(url_local) = 0 THEN 'storefront'
    WHEN GROUPING(release_id) = 0 THEN 'release' WHEN GROUPING(channel) = 0 THEN 'channel'
    WHEN GROUPING(campaign) = 0 THEN 'campaign' ELSE 'total' END AS dimension,
  coalesce(day::text, url_local, release_id, channel, campaign, '') AS key,
  count(DISTINCT visit_id)::int AS visits,
  coalesce(sum(page_views), 0)::int AS page_views,
  (count(DISTINCT visit_id) FILTER (WHERE steps & 1 <> 0))::int AS view,
  (count(DISTINCT visit_id) FILTER (WHERE steps & 2 <> 0))::int AS cart,
  (count(DISTINCT visit_id) FILTER (WHERE steps & 4 <> 0))::int AS checkout,
  (count(DISTINCT visit_id) FILTER (WHERE steps & 8 <> 0))::int AS paid
FROM v
GROUP BY GROUPING SETS ((), (day), (url_local), (release_id), (channel), (campaign))
