CREATE TABLE "donation_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"donation_id" uuid NOT NULL,
	"requested_by_id" uuid,
	"donor_name" text NOT NULL,
	"donor_tax_number" text NOT NULL,
	"donor_address" text NOT NULL,
	"donor_email" text NOT NULL,
	"currency_id" smallint DEFAULT 1 NOT NULL,
	"amount" bigint NOT NULL,
	"donated_at" timestamp with time zone NOT NULL,
	"organisation_name" text NOT NULL,
	"organisation_address" text NOT NULL,
	"pbo_number" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donation_receipts_donation_unique" UNIQUE("donation_id"),
	CONSTRAINT "donation_receipts_organisation_number_unique" UNIQUE("organisation_id","number"),
	CONSTRAINT "donation_receipts_number_check" CHECK ("donation_receipts"."number" > 0),
	CONSTRAINT "donation_receipts_amount_check" CHECK ("donation_receipts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "organisation_receipt_counters" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "pbo_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donation_receipts" ADD CONSTRAINT "donation_receipts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_receipts" ADD CONSTRAINT "donation_receipts_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_receipts" ADD CONSTRAINT "donation_receipts_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_receipts" ADD CONSTRAINT "donation_receipts_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_receipt_counters" ADD CONSTRAINT "organisation_receipt_counters_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donation_receipts_organisation_id_issued_at_index" ON "donation_receipts" USING btree ("organisation_id","issued_at");--> statement-breakpoint
CREATE INDEX "donation_receipts_requested_by_id_index" ON "donation_receipts" USING btree ("requested_by_id");