-- Xiaomi stores per country: the store finder and the `store` search type, from
-- content/snapshots/stores/stores.json; replaced as a whole by every seed.
CREATE TABLE IF NOT EXISTS stores (
  store_id text PRIMARY KEY,
  local    text NOT NULL,
  position int  NOT NULL,
  data     jsonb NOT NULL
);
CREATE INDEX IF NOT EXISTS stores_local ON stores (local, position);
