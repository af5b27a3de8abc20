CREATE TABLE "captcha_solutions" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "donations" DROP CONSTRAINT "donations_amount_check";--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "last_donation_digest_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "campaign_amount" bigint;--> statement-breakpoint
-- Donations made before conversion existed were all in their campaign's currency.
UPDATE "donations" SET "campaign_amount" = "amount";--> statement-breakpoint
ALTER TABLE "donations" ALTER COLUMN "campaign_amount" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "exchange_rate" numeric(12, 6) DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "receipt_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "owner_notified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "donations_owner_unnotified_idx" ON "donations" USING btree ("campaign_id") WHERE "donations"."owner_notified_at" is null and "donations"."status" = 1;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_amount_check" CHECK ("donations"."amount" > 0 and "donations"."tip_amount" >= 0 and "donations"."campaign_amount" > 0 and "donations"."exchange_rate" > 0);