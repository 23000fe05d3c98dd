-- Rate-limit counters need no durability (a crash may reset a window), and writing them without WAL
-- keeps the public API's per-call count off the commit's flush.
ALTER TABLE "rate_limit_hits" SET UNLOGGED;
