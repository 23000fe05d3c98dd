CREATE TABLE "campaign_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opt_outs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"number" text NOT NULL,
	"keyword" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "sms_segment_price" numeric(12, 4) DEFAULT 0.0075 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "mms_message_price" numeric(12, 4) DEFAULT 0.02 NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "entity_type" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "vertical" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "support_email" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "support_phone" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "street" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "rejection_field" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "message_flow" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "sample_messages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "opt_in_keywords" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "opt_in_message" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "opt_out_keywords" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "opt_out_message" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "help_keywords" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "help_message" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "embedded_links" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "embedded_phone" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "number_pooling" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "age_gated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "direct_lending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "campaign_id" uuid;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "campaign_id" uuid;--> statement-breakpoint
ALTER TABLE "campaign_events" ADD CONSTRAINT "campaign_events_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_events" ADD CONSTRAINT "campaign_events_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opt_outs" ADD CONSTRAINT "opt_outs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opt_outs" ADD CONSTRAINT "opt_outs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_events_campaign_idx" ON "campaign_events" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "opt_outs_account_number_key" ON "opt_outs" USING btree ("account_id","number");--> statement-breakpoint
CREATE INDEX "opt_outs_customer_idx" ON "opt_outs" USING btree ("customer_id","created_at");--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD CONSTRAINT "phone_numbers_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_campaign_idx" ON "messages" USING btree ("campaign_id","status") WHERE campaign_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "phone_numbers_campaign_idx" ON "phone_numbers" USING btree ("campaign_id");