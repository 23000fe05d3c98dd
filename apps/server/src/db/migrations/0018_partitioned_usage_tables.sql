-- CDRs, messages, the API request log and the audit log become partitioned by month (decision 0049).
-- Each table is renamed aside, made again as a partitioned table with the partition key in its
-- primary and unique keys, given one partition per month its rows fall in (and a default partition
-- for rows no month partition takes), filled with its rows (ids kept), indexed, and the old table
-- dropped. db/partitions.ts keeps the months ahead and drops whole months for retention.
CREATE FUNCTION "portal_partition_months"(parent text, source text, col text, fill int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  m timestamp;
BEGIN
  FOR m IN EXECUTE format('SELECT DISTINCT date_trunc(''month'', %I AT TIME ZONE ''UTC'') FROM %I', col, source) LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L) WITH (fillfactor = %s)',
      parent || '_' || to_char(m, 'YYYY_MM'), parent, (m AT TIME ZONE 'UTC')::text, ((m + interval '1 month') AT TIME ZONE 'UTC')::text, fill);
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "cdrs" RENAME TO "cdrs_unpartitioned";--> statement-breakpoint
ALTER TABLE "cdrs_unpartitioned" ALTER COLUMN "id" DROP IDENTITY;--> statement-breakpoint
CREATE TABLE "cdrs" (
  "id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "cdrs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1) NOT NULL,
  "customer_id" uuid NOT NULL,
  "account_id" uuid NOT NULL,
  "call_id" text NOT NULL,
  "from_number" text NOT NULL,
  "to_number" text NOT NULL,
  "started_at" timestamp with time zone NOT NULL,
  "duration_seconds" integer NOT NULL,
  "status" text NOT NULL,
  "direction" text NOT NULL,
  "cost" numeric(12, 4) NOT NULL,
  CONSTRAINT "cdrs_id_started_at_pk" PRIMARY KEY("id","started_at")
) PARTITION BY RANGE ("started_at");--> statement-breakpoint
CREATE TABLE "cdrs_default" PARTITION OF "cdrs" DEFAULT;--> statement-breakpoint
SELECT portal_partition_months('cdrs', 'cdrs_unpartitioned', 'started_at', 90);--> statement-breakpoint
INSERT INTO "cdrs" ("id", "customer_id", "account_id", "call_id", "from_number", "to_number", "started_at", "duration_seconds", "status", "direction", "cost") OVERRIDING SYSTEM VALUE SELECT "id", "customer_id", "account_id", "call_id", "from_number", "to_number", "started_at", "duration_seconds", "status", "direction", "cost" FROM "cdrs_unpartitioned";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('"cdrs"', 'id'), coalesce((SELECT max("id") FROM "cdrs"), 0) + 1, false);--> statement-breakpoint
DROP TABLE "cdrs_unpartitioned";--> statement-breakpoint
CREATE INDEX "cdrs_account_started_idx" ON "cdrs" USING btree ("account_id","started_at","id");--> statement-breakpoint
CREATE INDEX "cdrs_customer_started_idx" ON "cdrs" USING btree ("customer_id","started_at","id");--> statement-breakpoint
CREATE INDEX "cdrs_started_idx" ON "cdrs" USING btree ("started_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cdrs_call_id_started_key" ON "cdrs" USING btree ("call_id","started_at");--> statement-breakpoint
ALTER TABLE "messages" RENAME TO "messages_unpartitioned";--> statement-breakpoint
ALTER TABLE "messages_unpartitioned" ALTER COLUMN "id" DROP IDENTITY;--> statement-breakpoint
CREATE TABLE "messages" (
  "id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1) NOT NULL,
  "customer_id" uuid NOT NULL,
  "account_id" uuid NOT NULL,
  "message_id" text NOT NULL,
  "from_number" text NOT NULL,
  "to_number" text NOT NULL,
  "type" text NOT NULL,
  "direction" text NOT NULL,
  "status" text NOT NULL,
  "segments" integer NOT NULL,
  "cost" numeric(12, 4) NOT NULL,
  "sent_at" timestamp with time zone NOT NULL,
  "campaign_id" uuid,
  "body" text,
  "request_id" text,
  "api_key_id" uuid,
  "updated_at" timestamp with time zone,
  CONSTRAINT "messages_id_sent_at_pk" PRIMARY KEY("id","sent_at")
) PARTITION BY RANGE ("sent_at");--> statement-breakpoint
CREATE TABLE "messages_default" PARTITION OF "messages" DEFAULT;--> statement-breakpoint
SELECT portal_partition_months('messages', 'messages_unpartitioned', 'sent_at', 85);--> statement-breakpoint
INSERT INTO "messages" ("id", "customer_id", "account_id", "message_id", "from_number", "to_number", "type", "direction", "status", "segments", "cost", "sent_at", "campaign_id", "body", "request_id", "api_key_id", "updated_at") OVERRIDING SYSTEM VALUE SELECT "id", "customer_id", "account_id", "message_id", "from_number", "to_number", "type", "direction", "status", "segments", "cost", "sent_at", "campaign_id", "body", "request_id", "api_key_id", "updated_at" FROM "messages_unpartitioned";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('"messages"', 'id'), coalesce((SELECT max("id") FROM "messages"), 0) + 1, false);--> statement-breakpoint
DROP TABLE "messages_unpartitioned";--> statement-breakpoint
CREATE INDEX "messages_campaign_idx" ON "messages" USING btree ("campaign_id","status") WHERE campaign_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_message_id_sent_key" ON "messages" USING btree ("message_id","sent_at");--> statement-breakpoint
CREATE INDEX "messages_account_sent_idx" ON "messages" USING btree ("account_id","sent_at","id");--> statement-breakpoint
CREATE INDEX "messages_customer_sent_idx" ON "messages" USING btree ("customer_id","sent_at","id");--> statement-breakpoint
CREATE INDEX "messages_sent_idx" ON "messages" USING btree ("sent_at","id");--> statement-breakpoint
ALTER TABLE "api_requests" RENAME TO "api_requests_unpartitioned";--> statement-breakpoint
ALTER TABLE "api_requests_unpartitioned" ALTER COLUMN "id" DROP IDENTITY;--> statement-breakpoint
CREATE TABLE "api_requests" (
  "id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "api_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1) NOT NULL,
  "api_key_id" uuid,
  "customer_id" uuid NOT NULL,
  "account_id" uuid NOT NULL,
  "method" text NOT NULL,
  "endpoint" text NOT NULL,
  "status_code" integer NOT NULL,
  "response_ms" integer NOT NULL,
  "request_id" text,
  "ip" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "api_requests_id_created_at_pk" PRIMARY KEY("id","created_at")
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
CREATE TABLE "api_requests_default" PARTITION OF "api_requests" DEFAULT;--> statement-breakpoint
SELECT portal_partition_months('api_requests', 'api_requests_unpartitioned', 'created_at', 100);--> statement-breakpoint
INSERT INTO "api_requests" ("id", "api_key_id", "customer_id", "account_id", "method", "endpoint", "status_code", "response_ms", "request_id", "ip", "created_at") OVERRIDING SYSTEM VALUE SELECT "id", "api_key_id", "customer_id", "account_id", "method", "endpoint", "status_code", "response_ms", "request_id", "ip", "created_at" FROM "api_requests_unpartitioned";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('"api_requests"', 'id'), coalesce((SELECT max("id") FROM "api_requests"), 0) + 1, false);--> statement-breakpoint
DROP TABLE "api_requests_unpartitioned";--> statement-breakpoint
CREATE INDEX "api_requests_account_idx" ON "api_requests" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "api_requests_customer_idx" ON "api_requests" USING btree ("customer_id","created_at","id");--> statement-breakpoint
ALTER TABLE "api_requests" ADD CONSTRAINT "api_requests_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" RENAME TO "audit_log_unpartitioned";--> statement-breakpoint
ALTER TABLE "audit_log_unpartitioned" ALTER COLUMN "id" DROP IDENTITY;--> statement-breakpoint
CREATE TABLE "audit_log" (
  "id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1) NOT NULL,
  "actor_id" uuid,
  "actor_email" text,
  "impersonator_id" uuid,
  "customer_id" uuid,
  "action" text NOT NULL,
  "entity_type" text NOT NULL,
  "entity_id" text,
  "summary" text NOT NULL,
  "before" jsonb,
  "after" jsonb,
  "ip" text,
  "user_agent" text,
  "request_id" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "audit_log_id_created_at_pk" PRIMARY KEY("id","created_at")
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
CREATE TABLE "audit_log_default" PARTITION OF "audit_log" DEFAULT;--> statement-breakpoint
SELECT portal_partition_months('audit_log', 'audit_log_unpartitioned', 'created_at', 100);--> statement-breakpoint
INSERT INTO "audit_log" ("id", "actor_id", "actor_email", "impersonator_id", "customer_id", "action", "entity_type", "entity_id", "summary", "before", "after", "ip", "user_agent", "request_id", "created_at") OVERRIDING SYSTEM VALUE SELECT "id", "actor_id", "actor_email", "impersonator_id", "customer_id", "action", "entity_type", "entity_id", "summary", "before", "after", "ip", "user_agent", "request_id", "created_at" FROM "audit_log_unpartitioned";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('"audit_log"', 'id'), coalesce((SELECT max("id") FROM "audit_log"), 0) + 1, false);--> statement-breakpoint
DROP TABLE "audit_log_unpartitioned";--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_customer_idx" ON "audit_log" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at","id");--> statement-breakpoint
DROP FUNCTION "portal_partition_months"(text, text, text, int);
