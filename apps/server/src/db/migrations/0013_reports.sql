CREATE TABLE "report_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"customer_id" uuid,
	"schedule_id" uuid,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"state" text DEFAULT 'Pending' NOT NULL,
	"request" jsonb NOT NULL,
	"token_hash" text NOT NULL,
	"content" "bytea",
	"bytes" integer,
	"rows" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid,
	"created_by_id" uuid NOT NULL,
	"name" text NOT NULL,
	"frequency" text NOT NULL,
	"format" text NOT NULL,
	"tab" text DEFAULT 'overview' NOT NULL,
	"service" text DEFAULT 'all' NOT NULL,
	"recipients" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "usage_daily" ADD COLUMN "inbound" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_daily" ADD COLUMN "international" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_daily" ADD COLUMN "latency_ms" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_daily" ADD COLUMN "latency_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_files" ADD CONSTRAINT "report_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_files" ADD CONSTRAINT "report_files_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_files" ADD CONSTRAINT "report_files_schedule_id_report_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."report_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_files_token_key" ON "report_files" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "report_files_user_idx" ON "report_files" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "report_files_expires_idx" ON "report_files" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "report_schedules_due_idx" ON "report_schedules" USING btree ("active","next_run_at");--> statement-breakpoint
CREATE INDEX "report_schedules_customer_idx" ON "report_schedules" USING btree ("customer_id");--> statement-breakpoint
-- Backfill of the new usage_daily columns from the raw records, per UTC day and account (the
-- definitions every writer of usage_daily folds in): inbound calls; outbound calls to numbers outside +1.
UPDATE "usage_daily" u SET "inbound" = v.inbound, "international" = v.international
FROM (
  SELECT (started_at AT TIME ZONE 'UTC')::date AS day, account_id,
         (count(*) FILTER (WHERE direction = 'Inbound'))::int AS inbound,
         (count(*) FILTER (WHERE direction = 'Outbound' AND to_number NOT LIKE '+1%'))::int AS international
  FROM "cdrs" GROUP BY 1, 2
) v
WHERE u.service = 'Voice' AND u.account_id = v.account_id AND u.day = v.day;--> statement-breakpoint
-- Messages: inbound ones; outbound ones to numbers outside +1; and for the outbound messages
-- delivered, the milliseconds from sent to their first Delivered event, and how many (on the sent day).
UPDATE "usage_daily" u SET "inbound" = v.inbound, "international" = v.international, "latency_ms" = v.latency_ms, "latency_count" = v.latency_count
FROM (
  SELECT (m.sent_at AT TIME ZONE 'UTC')::date AS day, m.account_id,
         (count(*) FILTER (WHERE m.direction = 'Inbound'))::int AS inbound,
         (count(*) FILTER (WHERE m.direction = 'Outbound' AND m.to_number NOT LIKE '+1%'))::int AS international,
         coalesce(sum(round(extract(epoch FROM (d.at - m.sent_at)) * 1000)), 0)::bigint AS latency_ms,
         count(d.at)::int AS latency_count
  FROM "messages" m
  LEFT JOIN (SELECT message_id, min(created_at) AS at FROM "message_events" WHERE status = 'Delivered' GROUP BY 1) d
    ON d.message_id = m.id AND m.direction = 'Outbound' AND m.status = 'Delivered'
  GROUP BY 1, 2
) v
WHERE u.service = 'SMS' AND u.account_id = v.account_id AND u.day = v.day;
