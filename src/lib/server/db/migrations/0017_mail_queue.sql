CREATE TABLE "mail_queue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "mail_queue_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recipient" text NOT NULL,
	"address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_queue_state_check" CHECK ("mail_queue"."state" in ('pending', 'sent', 'dead'))
);
--> statement-breakpoint
CREATE TABLE "mail_queue_attachments" (
	"mail_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "mail_queue_attachments_mail_id_position_pk" PRIMARY KEY("mail_id","position")
);
--> statement-breakpoint
ALTER TABLE "mail_queue_attachments" ADD CONSTRAINT "mail_queue_attachments_mail_id_mail_queue_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_queue"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_queue_due_idx" ON "mail_queue" USING btree ("next_attempt_at") WHERE "mail_queue"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "mail_queue_dead_idx" ON "mail_queue" USING btree ("seq") WHERE "mail_queue"."state" = 'dead';--> statement-breakpoint
CREATE INDEX "mail_queue_address_seq_index" ON "mail_queue" USING btree ("address","seq");--> statement-breakpoint
CREATE INDEX "mail_queue_sent_idx" ON "mail_queue" USING btree ("sent_at") WHERE "mail_queue"."state" = 'sent';