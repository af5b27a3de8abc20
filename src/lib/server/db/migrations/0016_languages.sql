ALTER TABLE "campaigns" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_donations" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;