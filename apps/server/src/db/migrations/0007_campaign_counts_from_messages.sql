ALTER TABLE "campaigns" DROP COLUMN "sent";--> statement-breakpoint
ALTER TABLE "campaigns" DROP COLUMN "delivered";--> statement-breakpoint
ALTER TABLE "campaigns" DROP COLUMN "opened";