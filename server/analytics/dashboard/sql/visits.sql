-- Visits and page views per day, and the funnel in total and per storefront, release, channel and campaign, from
-- each visit's steps per day and place (rolled days from the rollup, the others from the events). A visit counts
-- once in the total and once in each group it was seen in, however many rows it has (a visit past midnight, or
-- across a publish). Most visits have one row: those are counted as they are; only the visits of several rows are
-- first folded into one row per group (steps OR-ed). (count(DISTINCT) over every row in grouping sets sorts each
-- set once per aggregate: ten times slower.)
-- $1 rolled days, $2 days read from the events, $3 storefronts (NULL: all).
WITH v AS (
  SELECT day, url_local, release_id, channel, campaign, visit_id, steps, page_views
  FROM analytics_visit_days WHERE day = ANY ($1::date[]) AND ($3::text[] IS NULL OR url_local = ANY ($3::text[]))
  UNION ALL
  SELECT day, url_local, release_id, channel, campaign, visit_id, steps, page_views
  FROM analytics_visit_rows($2::date[], $3::text[])
), several AS (
  SELECT visit_id FROM v GROUP BY visit_id HAVING count(*) > 1
), r AS (
  SELECT v.*, visit_id IN (SELECT visit_id FROM several) AS several FROM v
), one_row AS (
  SELECT
    CASE WHEN GROUPING(day) = 0 THEN 'day' WHEN GROUPING(url_local) = 0 THEN 'storefront'
      WHEN GROUPING(release_id) = 0 THEN 'release' WHEN GROUPING(channel) = 0 THEN 'channel'
      WHEN GROUPING(campaign) = 0 THEN 'campaign' ELSE 'total' END AS dimension,
    coalesce(day::text, url_local, release_id, channel, campaign, '') AS key,
    count(*) AS visits, sum(page_views) AS page_views,
    count(*) FILTER (WHERE steps & 1 <> 0) AS view, count(*) FILTER (WHERE steps & 2 <> 0) AS cart,
    count(*) FILTER (WHERE steps & 4 <> 0) AS checkout, count(*) FILTER (WHERE steps & 8 <> 0) AS paid
  FROM r WHERE NOT several
  GROUP BY GROUPING SETS ((), (day), (url_local), (release_id), (channel), (campaign))
), folded AS (
  SELECT
    CASE WHEN GROUPING(day) = 0 THEN 'day' WHEN GROUPING(url_local) = 0 THEN 'storefront'
      WHEN GROUPING(release_id) = 0 THEN 'release' WHEN GROUPING(channel) = 0 THEN 'channel'
      WHEN GROUPING(campaign) = 0 THEN 'campaign' ELSE 'total' END AS dimension,
    coalesce(day::text, url_local, release_id, channel, campaign, '') AS key,
    bit_or(steps) AS steps, sum(page_views) AS page_views
  FROM r WHERE several
  GROUP BY GROUPING SETS ((visit_id), (day, visit_id), (url_local, visit_id), (release_id, visit_id),
    (channel, visit_id), (campaign, visit_id))
), counted AS (
  SELECT * FROM one_row
  UNION ALL
  SELECT dimension, key, count(*), sum(page_views), count(*) FILTER (WHERE steps & 1 <> 0),
    count(*) FILTER (WHERE steps & 2 <> 0), count(*) FILTER (WHERE steps & 4 <> 0),
    count(*) FILTER (WHERE steps & 8 <> 0)
  FROM folded GROUP BY dimension, key
)
SELECT dimension, key, sum(visits)::int AS visits, coalesce(sum(page_views), 0)::int AS page_views,
  sum(view)::int AS view, sum(cart)::int AS cart, sum(checkout)::int AS checkout, sum(paid)::int AS paid
FROM counted
GROUP BY dimension, key
