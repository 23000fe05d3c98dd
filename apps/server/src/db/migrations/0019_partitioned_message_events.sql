-- message_events becomes partitioned by month of created_at like the messages it belongs to
-- (decision 0049), so that the messages' retention purges their events by whole months too.
CREATE FUNCTION "portal_partition_months"(parent text, source text, col text, fill int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  m timestamp;
BEGIN
  FOR m IN EXECUTE format('SELECT DISTINCT date_trunc(''month'', %I AT TIME ZONE ''UTC'') FROM %I', col, source) LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L) WITH (fillfactor = %s)',
      parent || '_' || to_char(m, 'YYYY_MM'), parent, (m AT TIME ZONE 'UTC')::text, ((m + interval '1 month') AT TIME ZONE 'UTC')::text, fill);
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "message_events" RENAME TO "message_events_unpartitioned";--> statement-breakpoint
ALTER TABLE "message_events_unpartitioned" ALTER COLUMN "id" DROP IDENTITY;--> statement-breakpoint
CREATE TABLE "message_events" (
  "id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "message_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1) NOT NULL,
  "message_id" bigint NOT NULL,
  "status" text NOT NULL,
  "detail" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "message_events_id_created_at_pk" PRIMARY KEY("id","created_at")
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
CREATE TABLE "message_events_default" PARTITION OF "message_events" DEFAULT;--> statement-breakpoint
SELECT portal_partition_months('message_events', 'message_events_unpartitioned', 'created_at', 100);--> statement-breakpoint
INSERT INTO "message_events" ("id", "message_id", "status", "detail", "created_at") OVERRIDING SYSTEM VALUE SELECT "id", "message_id", "status", "detail", "created_at" FROM "message_events_unpartitioned";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('"message_events"', 'id'), coalesce((SELECT max("id") FROM "message_events"), 0) + 1, false);--> statement-breakpoint
DROP TABLE "message_events_unpartitioned";--> statement-breakpoint
CREATE INDEX "message_events_message_idx" ON "message_events" USING btree ("message_id","created_at");--> statement-breakpoint
DROP FUNCTION "portal_partition_months"(text, text, text, int);
