CREATE TYPE "public"."discount_kind" AS ENUM('percent', 'amount');--> statement-breakpoint
CREATE TYPE "public"."online_payment_status" AS ENUM('pending', 'paid', 'failed', 'expired');--> statement-breakpoint
CREATE TYPE "public"."refund_status" AS ENUM('pending', 'succeeded', 'failed');--> statement-breakpoint
ALTER TYPE "public"."payment_source" ADD VALUE 'online';--> statement-breakpoint
ALTER TYPE "public"."registration_status" ADD VALUE 'held';--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"event_id" uuid,
	"code" text NOT NULL,
	"kind" "discount_kind" NOT NULL,
	"percent" smallint,
	"amount_minor" integer,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"min_teams" smallint DEFAULT 1 NOT NULL,
	"disabled_at" timestamp with time zone,
	"disabled_by" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_code_format" CHECK ("discount_codes"."code" ~ '^[A-Z0-9-]{3,32}$'),
	CONSTRAINT "discount_codes_kind_value" CHECK (("discount_codes"."kind" = 'percent' AND "discount_codes"."percent" BETWEEN 1 AND 100 AND "discount_codes"."amount_minor" IS NULL) OR ("discount_codes"."kind" = 'amount' AND "discount_codes"."amount_minor" > 0 AND "discount_codes"."percent" IS NULL)),
	CONSTRAINT "discount_codes_uses_limit" CHECK ("discount_codes"."uses" >= 0 AND ("discount_codes"."max_uses" IS NULL OR "discount_codes"."uses" <= "discount_codes"."max_uses")),
	CONSTRAINT "discount_codes_max_uses_positive" CHECK ("discount_codes"."max_uses" IS NULL OR "discount_codes"."max_uses" > 0),
	CONSTRAINT "discount_codes_min_teams_range" CHECK ("discount_codes"."min_teams" between 1 and 50),
	CONSTRAINT "discount_codes_validity" CHECK ("discount_codes"."valid_from" IS NULL OR "discount_codes"."valid_until" IS NULL OR "discount_codes"."valid_from" < "discount_codes"."valid_until")
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"reason" text NOT NULL,
	"status" "refund_status" DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"credit_note_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_amount_positive" CHECK ("payment_refunds"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"checkout_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"booker_user_id" text NOT NULL,
	"partner_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"checkout_id" text NOT NULL,
	"checkout_url" text NOT NULL,
	"provider_payment_id" text,
	"method" text,
	"status" "online_payment_status" DEFAULT 'pending' NOT NULL,
	"net_minor" integer NOT NULL,
	"vat_minor" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text DEFAULT 'DKK' NOT NULL,
	"application_fee_minor" integer DEFAULT 0 NOT NULL,
	"destination_account_id" text,
	"invoice_id" uuid,
	"failure_reason" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_minor" > 0),
	CONSTRAINT "payments_amount_sum" CHECK ("payments"."amount_minor" = "payments"."net_minor" + "payments"."vat_minor"),
	CONSTRAINT "payments_fee_range" CHECK ("payments"."application_fee_minor" between 0 and "payments"."amount_minor"),
	CONSTRAINT "payments_currency_dkk" CHECK ("payments"."currency" = 'DKK')
);
--> statement-breakpoint
CREATE TABLE "test_provider_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"destination_account_id" text,
	"application_fee_minor" integer DEFAULT 0 NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"method" text,
	"payment_id" text,
	"refunds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_settings" ALTER COLUMN "default_cancellation_terms" SET DEFAULT 'What is refunded when you cancel follows the event''s cancellation policy, shown with its dates on the event page and in your confirmation. You may hand your team''s place to another team from your company at any time.';--> statement-breakpoint
ALTER TABLE "site_settings" ALTER COLUMN "default_cancellation_terms_da" SET DEFAULT 'Hvad der tilbagebetales, når I afbestiller, følger eventets regler for refusion ved afmelding, som står med datoer på eventets side og i jeres bekræftelse. I kan til enhver tid overdrage holdets plads til et andet hold fra jeres virksomhed.';--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "refund_policy" jsonb DEFAULT '[{"daysBefore":30,"percent":100},{"daysBefore":8,"percent":50}]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "payment_methods" text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "online_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "partner_billing_profiles" ADD COLUMN "payout_account_id" text;--> statement-breakpoint
ALTER TABLE "partner_billing_profiles" ADD COLUMN "payout_account_ready" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_statements" ADD COLUMN "online_collected_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_statements" ADD COLUMN "application_fees_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_statements" ADD COLUMN "payout_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "team_registrations" ADD COLUMN "payment_method" text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_registrations" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "team_registrations" ADD COLUMN "refund_policy" jsonb;--> statement-breakpoint
ALTER TABLE "team_registrations" ADD COLUMN "discount_code_id" uuid;--> statement-breakpoint
ALTER TABLE "team_registrations" ADD COLUMN "discount_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_disabled_by_users_id_fk" FOREIGN KEY ("disabled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_credit_note_id_invoices_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_partner_code_key" ON "discount_codes" USING btree ("partner_id","code");--> statement-breakpoint
CREATE INDEX "discount_codes_event_idx" ON "discount_codes" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_provider_key" ON "payment_refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_checkout_key" ON "payments" USING btree ("provider","checkout_id");--> statement-breakpoint
CREATE INDEX "payments_registration_idx" ON "payments" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "payments_partner_created_idx" ON "payments" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_event_idx" ON "payments" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_online_payment_id_payments_id_fk" FOREIGN KEY ("online_payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_registrations" ADD CONSTRAINT "team_registrations_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_online_payment_key" ON "invoice_payments" USING btree ("online_payment_id");--> statement-breakpoint
CREATE INDEX "team_registrations_discount_code_idx" ON "team_registrations" USING btree ("discount_code_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_payment_methods_check" CHECK ("events"."payment_methods" in ('invoice', 'online', 'both'));--> statement-breakpoint
ALTER TABLE "team_registrations" ADD CONSTRAINT "team_registrations_payment_method_check" CHECK ("team_registrations"."payment_method" in ('invoice', 'online'));--> statement-breakpoint
ALTER TABLE "team_registrations" ADD CONSTRAINT "team_registrations_discount_not_negative" CHECK ("team_registrations"."discount_minor" >= 0);--> statement-breakpoint
-- The site's standard terms promised a free cancellation until the deadline; refunds now
-- follow each event's cancellation policy, so terms still as shipped say so instead.
UPDATE "site_settings" SET "default_cancellation_terms" = 'What is refunded when you cancel follows the event''s cancellation policy, shown with its dates on the event page and in your confirmation. You may hand your team''s place to another team from your company at any time.' WHERE "default_cancellation_terms" = 'Free cancellation until the registration deadline. After the deadline the full price is charged, but you may hand your team''s place to another team from your company at any time.';--> statement-breakpoint
UPDATE "site_settings" SET "default_cancellation_terms_da" = 'Hvad der tilbagebetales, når I afbestiller, følger eventets regler for refusion ved afmelding, som står med datoer på eventets side og i jeres bekræftelse. I kan til enhver tid overdrage holdets plads til et andet hold fra jeres virksomhed.' WHERE "default_cancellation_terms_da" = 'Gratis afbestilling indtil tilmeldingsfristen. Efter fristen betales den fulde pris, men I kan til enhver tid overdrage holdets plads til et andet hold fra jeres virksomhed.';
