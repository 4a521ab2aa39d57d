-- The release console: release managers (a role of their own, apart from support staff) rebuild storefronts as
-- jobs, publish them now or at a time, roll storefronts back, and every action is written down with its note.
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('shopper', 'staff', 'release_manager'));

-- One row per requested build. The queue (pg-boss) holds the job; this row holds what people read: state,
-- progress and the log, which stay when the build fails.
CREATE TABLE release_builds (
  id bigserial PRIMARY KEY,
  locals text[] NOT NULL CHECK (cardinality(locals) BETWEEN 1 AND 100),
  note text NOT NULL CHECK (length(note) BETWEEN 1 AND 500),
  requested_by bigint REFERENCES users (id) ON DELETE SET NULL,
  requested_by_label text NOT NULL,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'building', 'built', 'scheduled', 'publishing', 'published', 'failed', 'cancelled')),
  publish_at timestamptz,
  -- 'now': publish as soon as built; 'at': at publish_at; 'hold': wait for a publish call.
  publish_mode text NOT NULL DEFAULT 'now' CHECK (publish_mode IN ('now', 'at', 'hold')),
  job_id text,
  attempts integer NOT NULL DEFAULT 0,
  phase text NOT NULL DEFAULT '',
  pages_done integer NOT NULL DEFAULT 0,
  pages_total integer NOT NULL DEFAULT 0,
  estimate_ms integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  heartbeat_at timestamptz,
  built_at timestamptz,
  finished_at timestamptz,
  release_id text,
  error text
);
CREATE INDEX release_builds_open_idx ON release_builds (id) WHERE state IN ('queued', 'building', 'built', 'scheduled', 'publishing');

-- The build's output, line by line, capped per build (release-log.ts) so a chatty build cannot fill the disk.
CREATE TABLE release_build_log (
  build_id bigint NOT NULL REFERENCES release_builds (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  line text NOT NULL,
  PRIMARY KEY (build_id, seq)
);

-- History: who did what, when and why (the note is required for every action).
CREATE TABLE release_events (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id bigint REFERENCES users (id) ON DELETE SET NULL,
  actor_label text NOT NULL,
  action text NOT NULL CHECK (action IN ('build', 'schedule', 'publish', 'rollback', 'fail', 'cancel')),
  locals text[] NOT NULL,
  build_id bigint REFERENCES release_builds (id) ON DELETE SET NULL,
  release_id text,
  note text NOT NULL CHECK (length(note) BETWEEN 1 AND 500)
);
CREATE INDEX release_events_at_idx ON release_events (id DESC);

-- What a storefront's pages were built from (products and prices, page and string digests), per build and per
-- storefront version (releases/.storefronts/<code>.<release id>, which a rollback serves again), so the console can
-- show what changed in the inputs since the served version was built.
CREATE TABLE release_inputs (
  local text NOT NULL,
  build_id bigint REFERENCES release_builds (id) ON DELETE CASCADE,
  version text,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  summary jsonb NOT NULL
);
CREATE INDEX release_inputs_version_idx ON release_inputs (local, version);
CREATE INDEX release_inputs_build_idx ON release_inputs (build_id);
