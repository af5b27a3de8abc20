CREATE TABLE "campaign_addresses" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"province" text,
	"country" text,
	"zip" text
);
--> statement-breakpoint
CREATE TABLE "campaign_documents" (
	"campaign_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "campaign_documents_campaign_id_file_id_pk" PRIMARY KEY("campaign_id","file_id"),
	CONSTRAINT "campaign_documents_kind_check" CHECK ("campaign_documents"."kind" in ('identification', 'supporting'))
);
--> statement-breakpoint
CREATE TABLE "campaign_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"alt" text,
	"position" smallint DEFAULT 0 NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_settings" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"currency_id" smallint DEFAULT 1 NOT NULL,
	"is_recurring_giving_campaign" boolean DEFAULT false NOT NULL,
	"show_barometer" smallint DEFAULT 1 NOT NULL,
	"show_paysoft" boolean DEFAULT false NOT NULL,
	"show_pay_pal" boolean DEFAULT true NOT NULL,
	"show_payfast" boolean DEFAULT true NOT NULL,
	"show_ozow" boolean DEFAULT true NOT NULL,
	"is_tax_benefit" boolean DEFAULT false NOT NULL,
	"is_admin_fee" boolean DEFAULT true NOT NULL,
	"admin_fee_rate" numeric(5, 2) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_socials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"url" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_update_media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_update_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_id" uuid,
	"url" text,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_update_media_kind_check" CHECK (("campaign_update_media"."kind" = 'image' and "campaign_update_media"."file_id" is not null)
        or ("campaign_update_media"."kind" = 'video' and "campaign_update_media"."url" is not null))
);
--> statement-breakpoint
CREATE TABLE "campaign_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"user_id" uuid,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"url" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"organisation_id" uuid,
	"name" text NOT NULL,
	"story" text DEFAULT '' NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"donation_target" bigint DEFAULT 0 NOT NULL,
	"offline_donations" bigint DEFAULT 0 NOT NULL,
	"thank_you_message" text,
	"url" text NOT NULL,
	"short_url" text NOT NULL,
	"visibility" smallint DEFAULT 1 NOT NULL,
	"funding_type" smallint DEFAULT 0 NOT NULL,
	"campaign_category_id" smallint DEFAULT 0 NOT NULL,
	"campaign_sub_category_id" integer,
	"event_id" integer,
	"notification_frequency" smallint,
	"status" smallint DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"default_tip_percentage" numeric(5, 2) DEFAULT 12 NOT NULL,
	"verification_submitted_at" timestamp with time zone,
	"launched_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"close_reason_id" integer,
	"close_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_url_unique" UNIQUE("url"),
	CONSTRAINT "campaigns_short_url_unique" UNIQUE("short_url"),
	CONSTRAINT "campaigns_status_check" CHECK ("campaigns"."status" between 0 and 3),
	CONSTRAINT "campaigns_money_check" CHECK ("campaigns"."donation_target" >= 0 and "campaigns"."offline_donations" >= 0)
);
--> statement-breakpoint
CREATE TABLE "donations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"user_id" uuid,
	"recurring_donation_id" uuid,
	"type" smallint DEFAULT 0 NOT NULL,
	"currency_id" smallint DEFAULT 1 NOT NULL,
	"amount" bigint NOT NULL,
	"tip_amount" bigint DEFAULT 0 NOT NULL,
	"admin_fee_covered" boolean DEFAULT false NOT NULL,
	"payment_method" smallint DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"mobile_number" text,
	"anonymous" boolean DEFAULT false NOT NULL,
	"display_name" text,
	"comment" text,
	"card_consent" boolean DEFAULT false NOT NULL,
	"order_id" text,
	"reference" text NOT NULL,
	"gateway_payment_id" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donations_reference_unique" UNIQUE("reference"),
	CONSTRAINT "donations_amount_check" CHECK ("donations"."amount" > 0 and "donations"."tip_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gateway_notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gateway_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gateway" smallint NOT NULL,
	"gateway_id" text NOT NULL,
	"donation_id" uuid,
	"recurring_donation_id" uuid,
	"payload" jsonb NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"processed" boolean DEFAULT false NOT NULL,
	"error" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "gateway_notifications_gateway_id_unique" UNIQUE("gateway","gateway_id")
);
--> statement-breakpoint
CREATE TABLE "recurring_donations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"user_id" uuid,
	"currency_id" smallint DEFAULT 1 NOT NULL,
	"amount" bigint NOT NULL,
	"tip_amount" bigint DEFAULT 0 NOT NULL,
	"once_off_amount" bigint DEFAULT 0 NOT NULL,
	"term" smallint NOT NULL,
	"deduction_day" smallint NOT NULL,
	"payment_method" smallint DEFAULT 8 NOT NULL,
	"status" smallint DEFAULT 5 NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"mobile_number" text,
	"anonymous" boolean DEFAULT false NOT NULL,
	"display_name" text,
	"comment" text,
	"card_consent" boolean DEFAULT false NOT NULL,
	"reference" text NOT NULL,
	"gateway_token" text,
	"gateway_subscription_id" text,
	"next_deduction_date" date,
	"deductions_made" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_donations_reference_unique" UNIQUE("reference"),
	CONSTRAINT "recurring_donations_amount_check" CHECK ("recurring_donations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "account_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"paysoft_mapping" text
);
--> statement-breakpoint
CREATE TABLE "banks" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "banks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"universal_branch_code" text,
	"paysoft_mapping" text
);
--> statement-breakpoint
CREATE TABLE "campaign_categories" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_sub_categories" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "campaign_sub_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"campaign_category_id" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "close_reasons" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "close_reasons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"ticker" text NOT NULL,
	"symbol" text NOT NULL,
	"locale" text NOT NULL,
	CONSTRAINT "currencies_ticker_unique" UNIQUE("ticker")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"location" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "id_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_types" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "organisation_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sectors" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "sectors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"province" text,
	"country" text,
	"zip" text,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_sectors" (
	"organisation_id" uuid NOT NULL,
	"sector_id" integer NOT NULL,
	CONSTRAINT "organisation_sectors_organisation_id_sector_id_pk" PRIMARY KEY("organisation_id","sector_id")
);
--> statement-breakpoint
CREATE TABLE "organisation_socials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"url" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_users_organisation_user_unique" UNIQUE("organisation_id","user_id"),
	CONSTRAINT "organisation_users_role_check" CHECK ("organisation_users"."role" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "organisation_verification_documents" (
	"organisation_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	CONSTRAINT "organisation_verification_documents_organisation_id_file_id_pk" PRIMARY KEY("organisation_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "organisation_verifications" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"has_fulltime_staff" boolean DEFAULT false NOT NULL,
	"has_crowdfunded_before" boolean DEFAULT false NOT NULL,
	"has_used_events_before" boolean DEFAULT false NOT NULL,
	"receives_support" boolean DEFAULT false NOT NULL,
	"received_support_details" text,
	"help_required" text,
	"regular_number_of_donors" text,
	"crowd_funding_links" text,
	"support_partners" text,
	"legal_document_file_id" uuid,
	"is_verified" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewed_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"url" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"legal_name" text NOT NULL,
	"other_name" text,
	"organisation_type_id" integer,
	"keywords_description" text,
	"brief_description" text,
	"logo_file_id" uuid,
	"s18_certificate_file_id" uuid,
	"main_contact_first_name" text,
	"main_contact_last_name" text,
	"main_contact_phone" text,
	"main_contact_email" text,
	"main_contact_position_id" integer,
	"website" text,
	"telephone" text,
	"email" text,
	"url" text NOT NULL,
	"non_rand_organization" boolean DEFAULT false NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_url_unique" UNIQUE("url")
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid,
	"campaign_id" uuid,
	"user_id" uuid,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"mobile_number" text,
	"organisation_position_id" integer,
	"user_role" smallint NOT NULL,
	"main_contact_person" boolean DEFAULT false NOT NULL,
	"invite_status" smallint DEFAULT 0 NOT NULL,
	"invite_token_hash" text,
	"invite_expires_at" timestamp with time zone,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_invite_token_hash_unique" UNIQUE("invite_token_hash"),
	CONSTRAINT "team_members_owner_check" CHECK (num_nonnulls("team_members"."organisation_id", "team_members"."campaign_id") >= 1)
);
--> statement-breakpoint
CREATE TABLE "banking_detail_documents" (
	"banking_detail_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	CONSTRAINT "banking_detail_documents_banking_detail_id_file_id_pk" PRIMARY KEY("banking_detail_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "banking_details" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid,
	"campaign_id" uuid,
	"submitted_by_id" uuid,
	"account_holder_name" text NOT NULL,
	"account_holder_email" text,
	"id_type" smallint,
	"id_number" text,
	"statement_reference" text,
	"bank_id" integer,
	"bank_name" text,
	"bank_name_alt" text,
	"account_number" text NOT NULL,
	"bank_code" text,
	"swift_code" text,
	"account_type" smallint,
	"is_international" boolean DEFAULT false NOT NULL,
	"request_status" smallint DEFAULT 0 NOT NULL,
	"reviewed_by_id" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banking_details_owner_check" CHECK (num_nonnulls("banking_details"."organisation_id", "banking_details"."campaign_id") >= 1)
);
--> statement-breakpoint
CREATE TABLE "payout_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payout_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_items_payout_campaign_unique" UNIQUE("payout_id","campaign_id"),
	CONSTRAINT "payout_items_amount_check" CHECK ("payout_items"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid,
	"campaign_id" uuid,
	"requested_by_id" uuid,
	"status" smallint DEFAULT 0 NOT NULL,
	"currency_id" smallint DEFAULT 1 NOT NULL,
	"amount" bigint NOT NULL,
	"tip_percentage" numeric(5, 2) DEFAULT 0 NOT NULL,
	"tip_amount" bigint DEFAULT 0 NOT NULL,
	"payout_option" text,
	"notes" text,
	"description" text,
	"banking_detail_id" uuid,
	"document_file_id" uuid,
	"reviewed_by_id" uuid,
	"reviewed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount" > 0 and "payouts"."tip_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor_id" uuid,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "banners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"message" text NOT NULL,
	"domain" text,
	"is_visible" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"url" text,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"owner_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "email_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "email_tokens_purpose_check" CHECK ("email_tokens"."purpose" in ('verify', 'reset', 'set-password', 'invite'))
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"family_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"msisdn" text,
	"location" text,
	"address_line1" text,
	"address_line2" text,
	"zip" text,
	"city" text,
	"province" text,
	"country" text,
	"image_file_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"email_confirmed" boolean DEFAULT false NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('user', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "campaign_addresses" ADD CONSTRAINT "campaign_addresses_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_documents" ADD CONSTRAINT "campaign_documents_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_documents" ADD CONSTRAINT "campaign_documents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_images" ADD CONSTRAINT "campaign_images_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_images" ADD CONSTRAINT "campaign_images_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_settings" ADD CONSTRAINT "campaign_settings_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_settings" ADD CONSTRAINT "campaign_settings_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_socials" ADD CONSTRAINT "campaign_socials_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_update_media" ADD CONSTRAINT "campaign_update_media_campaign_update_id_campaign_updates_id_fk" FOREIGN KEY ("campaign_update_id") REFERENCES "public"."campaign_updates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_update_media" ADD CONSTRAINT "campaign_update_media_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_updates" ADD CONSTRAINT "campaign_updates_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_updates" ADD CONSTRAINT "campaign_updates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_videos" ADD CONSTRAINT "campaign_videos_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_campaign_category_id_campaign_categories_id_fk" FOREIGN KEY ("campaign_category_id") REFERENCES "public"."campaign_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_campaign_sub_category_id_campaign_sub_categories_id_fk" FOREIGN KEY ("campaign_sub_category_id") REFERENCES "public"."campaign_sub_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_close_reason_id_close_reasons_id_fk" FOREIGN KEY ("close_reason_id") REFERENCES "public"."close_reasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_recurring_donation_id_recurring_donations_id_fk" FOREIGN KEY ("recurring_donation_id") REFERENCES "public"."recurring_donations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_notifications" ADD CONSTRAINT "gateway_notifications_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_notifications" ADD CONSTRAINT "gateway_notifications_recurring_donation_id_recurring_donations_id_fk" FOREIGN KEY ("recurring_donation_id") REFERENCES "public"."recurring_donations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_donations" ADD CONSTRAINT "recurring_donations_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_donations" ADD CONSTRAINT "recurring_donations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_donations" ADD CONSTRAINT "recurring_donations_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_sub_categories" ADD CONSTRAINT "campaign_sub_categories_campaign_category_id_campaign_categories_id_fk" FOREIGN KEY ("campaign_category_id") REFERENCES "public"."campaign_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_addresses" ADD CONSTRAINT "organisation_addresses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_sectors" ADD CONSTRAINT "organisation_sectors_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_sectors" ADD CONSTRAINT "organisation_sectors_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_socials" ADD CONSTRAINT "organisation_socials_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_users" ADD CONSTRAINT "organisation_users_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_users" ADD CONSTRAINT "organisation_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_verification_documents" ADD CONSTRAINT "organisation_verification_documents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_verification_documents" ADD CONSTRAINT "organisation_verification_documents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_verifications" ADD CONSTRAINT "organisation_verifications_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_verifications" ADD CONSTRAINT "organisation_verifications_legal_document_file_id_stored_files_id_fk" FOREIGN KEY ("legal_document_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_verifications" ADD CONSTRAINT "organisation_verifications_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_videos" ADD CONSTRAINT "organisation_videos_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_organisation_type_id_organisation_types_id_fk" FOREIGN KEY ("organisation_type_id") REFERENCES "public"."organisation_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_logo_file_id_stored_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_s18_certificate_file_id_stored_files_id_fk" FOREIGN KEY ("s18_certificate_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_main_contact_position_id_positions_id_fk" FOREIGN KEY ("main_contact_position_id") REFERENCES "public"."positions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_organisation_position_id_positions_id_fk" FOREIGN KEY ("organisation_position_id") REFERENCES "public"."positions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_detail_documents" ADD CONSTRAINT "banking_detail_documents_banking_detail_id_banking_details_id_fk" FOREIGN KEY ("banking_detail_id") REFERENCES "public"."banking_details"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_detail_documents" ADD CONSTRAINT "banking_detail_documents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_details" ADD CONSTRAINT "banking_details_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_details" ADD CONSTRAINT "banking_details_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_details" ADD CONSTRAINT "banking_details_submitted_by_id_users_id_fk" FOREIGN KEY ("submitted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_details" ADD CONSTRAINT "banking_details_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_details" ADD CONSTRAINT "banking_details_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_banking_detail_id_banking_details_id_fk" FOREIGN KEY ("banking_detail_id") REFERENCES "public"."banking_details"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_document_file_id_stored_files_id_fk" FOREIGN KEY ("document_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_image_file_id_stored_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_addresses_city_index" ON "campaign_addresses" USING btree ("city");--> statement-breakpoint
CREATE INDEX "campaign_addresses_province_index" ON "campaign_addresses" USING btree ("province");--> statement-breakpoint
CREATE INDEX "campaign_images_campaign_id_position_index" ON "campaign_images" USING btree ("campaign_id","position");--> statement-breakpoint
CREATE INDEX "campaign_socials_campaign_id_index" ON "campaign_socials" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "campaign_update_media_campaign_update_id_index" ON "campaign_update_media" USING btree ("campaign_update_id");--> statement-breakpoint
CREATE INDEX "campaign_updates_campaign_id_created_at_index" ON "campaign_updates" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_videos_campaign_id_index" ON "campaign_videos" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "campaigns_owner_id_index" ON "campaigns" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "campaigns_organisation_id_index" ON "campaigns" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "campaigns_status_published_index" ON "campaigns" USING btree ("status","published");--> statement-breakpoint
CREATE INDEX "campaigns_start_date_index" ON "campaigns" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "campaigns_end_date_index" ON "campaigns" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "campaigns_created_at_index" ON "campaigns" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "campaigns_campaign_category_id_index" ON "campaigns" USING btree ("campaign_category_id");--> statement-breakpoint
CREATE INDEX "campaigns_featured_idx" ON "campaigns" USING btree ("launched_at") WHERE "campaigns"."featured";--> statement-breakpoint
CREATE INDEX "campaigns_search_idx" ON "campaigns" USING gin (to_tsvector('simple', "name" || ' ' || "story"));--> statement-breakpoint
CREATE INDEX "donations_campaign_id_created_at_index" ON "donations" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "donations_user_id_created_at_index" ON "donations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "donations_recurring_donation_id_index" ON "donations" USING btree ("recurring_donation_id");--> statement-breakpoint
CREATE INDEX "donations_email_lower_idx" ON "donations" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "gateway_notifications_donation_id_index" ON "gateway_notifications" USING btree ("donation_id");--> statement-breakpoint
CREATE INDEX "recurring_donations_campaign_id_index" ON "recurring_donations" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "recurring_donations_user_id_index" ON "recurring_donations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "recurring_donations_status_next_deduction_date_index" ON "recurring_donations" USING btree ("status","next_deduction_date");--> statement-breakpoint
CREATE INDEX "campaign_sub_categories_campaign_category_id_index" ON "campaign_sub_categories" USING btree ("campaign_category_id");--> statement-breakpoint
CREATE INDEX "events_start_date_index" ON "events" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "organisation_addresses_organisation_id_position_index" ON "organisation_addresses" USING btree ("organisation_id","position");--> statement-breakpoint
CREATE INDEX "organisation_sectors_sector_id_index" ON "organisation_sectors" USING btree ("sector_id");--> statement-breakpoint
CREATE INDEX "organisation_socials_organisation_id_index" ON "organisation_socials" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "organisation_users_user_id_index" ON "organisation_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "organisation_videos_organisation_id_index" ON "organisation_videos" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "organisations_organisation_type_id_index" ON "organisations" USING btree ("organisation_type_id");--> statement-breakpoint
CREATE INDEX "organisations_created_at_index" ON "organisations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "organisations_search_idx" ON "organisations" USING gin (to_tsvector('simple', "legal_name"));--> statement-breakpoint
CREATE INDEX "team_members_organisation_id_index" ON "team_members" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "team_members_campaign_id_index" ON "team_members" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "team_members_email_lower_idx" ON "team_members" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "banking_details_organisation_id_created_at_index" ON "banking_details" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "banking_details_campaign_id_created_at_index" ON "banking_details" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "payout_items_campaign_id_index" ON "payout_items" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "payouts_organisation_id_created_at_index" ON "payouts" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_campaign_id_created_at_index" ON "payouts" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_requested_by_id_index" ON "payouts" USING btree ("requested_by_id");--> statement-breakpoint
CREATE INDEX "payouts_status_index" ON "payouts" USING btree ("status");--> statement-breakpoint
CREATE INDEX "audit_log_entity_entity_id_index" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_id_index" ON "audit_log" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_index" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "banners_is_visible_created_at_index" ON "banners" USING btree ("is_visible","created_at");--> statement-breakpoint
CREATE INDEX "stored_files_owner_id_index" ON "stored_files" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "email_tokens_user_id_purpose_index" ON "email_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_id_index" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_id_index" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));