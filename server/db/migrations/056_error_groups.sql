-- Front-end error groups the release console can read: a group is one message thrown in one file of one storefront
-- (repositories/error-reports.ts), and it keeps the message and the first report's file:line:col as read from its
-- content, and the release of its first and of its latest report (the page's <html data-release>, sent with the
-- report). Each is cut to a few hundred bytes, so a row still takes under half a page and is rewritten in place.
-- Groups stored before have none of them: the console reads their message and source from the content.
ALTER TABLE error_slots
  ADD COLUMN message text,
  ADD COLUMN source text,
  ADD COLUMN release_id text,
  ADD COLUMN first_release_id text;
ALTER TABLE error_slots
  ALTER COLUMN message SET STORAGE PLAIN,
  ALTER COLUMN source SET STORAGE PLAIN,
  ALTER COLUMN release_id SET STORAGE PLAIN,
  ALTER COLUMN first_release_id SET STORAGE PLAIN;
-- No index on the times: every report changes last_seen_at, and an index on it would stop the in-place rewrites;
-- the console reads at most the 1,024 slots.
