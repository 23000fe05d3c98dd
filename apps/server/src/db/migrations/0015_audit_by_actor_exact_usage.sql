ALTER TABLE "usage_daily" ALTER COLUMN "revenue" SET DATA TYPE numeric(16, 4);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at","id");