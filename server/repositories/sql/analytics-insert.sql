-- One batch of analytics events in one statement: the context every event of the batch shares ($1–$11) and one
-- array per event field ($12–$23), one element per event. received_on is the database's date (the column default),
-- so it always names a partition the roll made, whatever the device's clock said.
INSERT INTO analytics_events (
  occurred_at, url_local, lang, page_type, release_id, device, app, visit_id, instance_id, app_session_id, channel,
  campaign, kind, path, target, query, results, step, value, currency, quantity, metric, metric_value
)
SELECT to_timestamp(e.at_ms / 1000.0), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, e.kind, e.path, e.target,
  e.query, e.results, e.step, e.value, e.currency, e.quantity, e.metric, e.metric_value
FROM unnest($12::float8[], $13::text[], $14::text[], $15::text[], $16::text[], $17::int[], $18::text[], $19::bigint[],
  $20::text[], $21::int[], $22::text[], $23::float8[])
  AS e (at_ms, kind, path, target, query, results, step, value, currency, quantity, metric, metric_value)
