CREATE TABLE "invoice_counters" (
	"prefix" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_counters_prefix_year_pk" PRIMARY KEY("prefix","year")
);
--> statement-breakpoint
CREATE TABLE "rate_decks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"customer_id" uuid,
	"account_id" uuid,
	"inbound_rate_per_minute" numeric(12, 4) DEFAULT 0.0085 NOT NULL,
	"inbound_first_increment" integer DEFAULT 60 NOT NULL,
	"inbound_next_increment" integer DEFAULT 6 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_prefixes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rate_prefixes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"deck_id" uuid NOT NULL,
	"prefix" text NOT NULL,
	"description" text NOT NULL,
	"rate_per_minute" numeric(12, 4) NOT NULL,
	"first_increment" integer NOT NULL,
	"next_increment" integer NOT NULL,
	"effective_from" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "invoice_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "due_date" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "status" SET DEFAULT 'Draft';--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "monthly_budget" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "budget_alert_level" integer;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "budget_alert_month" text;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "kind" text DEFAULT 'services' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "detail" text;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "amount_paid" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "finalized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "auto_pay_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "next_auto_pay_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "auto_pay" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "dunning_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rate_decks" ADD CONSTRAINT "rate_decks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_decks" ADD CONSTRAINT "rate_decks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_prefixes" ADD CONSTRAINT "rate_prefixes_deck_id_rate_decks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."rate_decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rate_decks_default_key" ON "rate_decks" USING btree ("is_default") WHERE "rate_decks"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "rate_decks_customer_key" ON "rate_decks" USING btree ("customer_id") WHERE "rate_decks"."account_id" is null and "rate_decks"."customer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "rate_decks_account_key" ON "rate_decks" USING btree ("account_id") WHERE "rate_decks"."account_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "rate_prefixes_key" ON "rate_prefixes" USING btree ("deck_id","prefix","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_period_key" ON "invoices" USING btree ("customer_id",coalesce("account_id", '00000000-0000-0000-0000-000000000000'::uuid),"period_start") WHERE "invoices"."status" <> 'Void' and "invoices"."period_start" is not null;--> statement-breakpoint
INSERT INTO "invoice_counters" ("prefix", "year", "last")
SELECT substring("invoice_number" from '^(.*)-[0-9]{4}-[0-9]+$'), substring("invoice_number" from '-([0-9]{4})-[0-9]+$')::int, max(substring("invoice_number" from '-([0-9]+)$')::int)
FROM "invoices" WHERE "invoice_number" ~ '^.+-[0-9]{4}-[0-9]+$' GROUP BY 1, 2;
