CREATE TABLE "service_status_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"incident_id" uuid NOT NULL,
	"status" text NOT NULL,
	"message" text NOT NULL,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_status_updates" ADD CONSTRAINT "service_status_updates_incident_id_service_status_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."service_status"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_status_updates" ADD CONSTRAINT "service_status_updates_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_status_updates_incident_idx" ON "service_status_updates" USING btree ("incident_id","created_at");