-- Rate-limit counters are hit on every write request and are worthless after a crash (the windows are minutes
-- long), so they skip the write-ahead log: no fsync on the hot path. Postgres empties an unlogged table after
-- a crash, which only resets the counting windows.
ALTER TABLE rate_limit_hits SET UNLOGGED;
