CREATE TYPE "public"."document_kind" AS ENUM('invoice', 'credit_note');--> statement-breakpoint
CREATE TYPE "public"."document_purpose" AS ENUM('booking', 'commission');--> statement-breakpoint
CREATE TYPE "public"."payment_source" AS ENUM('manual', 'bank_statement');--> statement-breakpoint
CREATE TYPE "public"."transmission_status" AS ENUM('pending', 'sent', 'failed', 'retried');--> statement-breakpoint
CREATE TYPE "public"."vat_status" AS ENUM('registered', 'exempt');--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_key" text NOT NULL,
	"booked_on" date NOT NULL,
	"text" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_series" (
	"key" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "einvoice_transmissions" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"status" "transmission_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"access_point_id" text,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"paid_on" date NOT NULL,
	"amount_minor" integer NOT NULL,
	"source" "payment_source" NOT NULL,
	"bank_line_id" uuid,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_amount_positive" CHECK ("invoice_payments"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "document_kind" NOT NULL,
	"purpose" "document_purpose" NOT NULL,
	"series_key" text NOT NULL,
	"sequence_number" integer NOT NULL,
	"number" text NOT NULL,
	"seller_partner_id" uuid,
	"buyer_partner_id" uuid,
	"registration_id" uuid,
	"booker_user_id" text,
	"event_id" uuid,
	"credits_invoice_id" uuid,
	"language" text NOT NULL,
	"issue_date" date NOT NULL,
	"delivery_date" date NOT NULL,
	"due_date" date,
	"currency" text DEFAULT 'DKK' NOT NULL,
	"net_minor" integer NOT NULL,
	"vat_minor" integer NOT NULL,
	"gross_minor" integer NOT NULL,
	"buyer_ean" text,
	"payment_id" text,
	"content" jsonb NOT NULL,
	"issued_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_currency_dkk" CHECK ("invoices"."currency" = 'DKK'),
	CONSTRAINT "invoices_amounts" CHECK ("invoices"."net_minor" >= 0 AND "invoices"."vat_minor" >= 0 AND "invoices"."gross_minor" = "invoices"."net_minor" + "invoices"."vat_minor"),
	CONSTRAINT "invoices_credit_refers" CHECK (("invoices"."kind" = 'invoice' AND "invoices"."credits_invoice_id" IS NULL AND "invoices"."due_date" IS NOT NULL) OR ("invoices"."kind" = 'credit_note' AND "invoices"."credits_invoice_id" IS NOT NULL)),
	CONSTRAINT "invoices_language_check" CHECK ("invoices"."language" in ('en', 'da'))
);
--> statement-breakpoint
CREATE TABLE "partner_billing_profiles" (
	"partner_id" uuid PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"address_line" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"cvr" text NOT NULL,
	"vat_status" "vat_status" NOT NULL,
	"vat_confirmed_at" timestamp with time zone,
	"vat_confirmed_by" text,
	"bank_registration" text NOT NULL,
	"bank_account" text NOT NULL,
	"fi_creditor_number" text,
	"invoice_prefix" text DEFAULT '' NOT NULL,
	"payment_terms_days" smallint DEFAULT 14 NOT NULL,
	"invoice_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_billing_profiles_cvr_format" CHECK ("partner_billing_profiles"."cvr" ~ '^[0-9]{8}$'),
	CONSTRAINT "partner_billing_profiles_bank_registration_format" CHECK ("partner_billing_profiles"."bank_registration" ~ '^[0-9]{4}$'),
	CONSTRAINT "partner_billing_profiles_bank_account_format" CHECK ("partner_billing_profiles"."bank_account" ~ '^[0-9]{1,10}$'),
	CONSTRAINT "partner_billing_profiles_fi_creditor_format" CHECK ("partner_billing_profiles"."fi_creditor_number" IS NULL OR "partner_billing_profiles"."fi_creditor_number" ~ '^[0-9]{8}$'),
	CONSTRAINT "partner_billing_profiles_prefix_format" CHECK ("partner_billing_profiles"."invoice_prefix" ~ '^[A-Z0-9-]{0,12}$'),
	CONSTRAINT "partner_billing_profiles_terms_range" CHECK ("partner_billing_profiles"."payment_terms_days" between 0 and 90)
);
--> statement-breakpoint
CREATE TABLE "partner_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"month" date NOT NULL,
	"net_minor" integer NOT NULL,
	"vat_minor" integer NOT NULL,
	"gross_minor" integer NOT NULL,
	"revenue_share_percent" smallint,
	"commission_net_minor" integer DEFAULT 0 NOT NULL,
	"commission_vat_minor" integer DEFAULT 0 NOT NULL,
	"partner_keeps_minor" integer NOT NULL,
	"commission_invoice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_documents" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"statement_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_currency_iso";--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "legal_name" text DEFAULT 'Rethink Corporate Life ApS' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "bank_registration" text DEFAULT '0000' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "bank_account" text DEFAULT '0000000000' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "fi_creditor_number" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "invoice_prefix" text DEFAULT 'RCL-' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "payment_terms_days" smallint DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "invoice_email" text DEFAULT 'faktura@rethinkcorporatelife.dk' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_registrations" ADD COLUMN "billing_address_line" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_registrations" ADD COLUMN "billing_postal_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_registrations" ADD COLUMN "billing_city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_registrations" ADD COLUMN "person_reference" text;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoice_transmissions" ADD CONSTRAINT "einvoice_transmissions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_bank_line_id_bank_statement_lines_id_fk" FOREIGN KEY ("bank_line_id") REFERENCES "public"."bank_statement_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_seller_partner_id_partners_id_fk" FOREIGN KEY ("seller_partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_buyer_partner_id_partners_id_fk" FOREIGN KEY ("buyer_partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credits_invoice_id_invoices_id_fk" FOREIGN KEY ("credits_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_billing_profiles" ADD CONSTRAINT "partner_billing_profiles_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_billing_profiles" ADD CONSTRAINT "partner_billing_profiles_vat_confirmed_by_users_id_fk" FOREIGN KEY ("vat_confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_statements" ADD CONSTRAINT "partner_statements_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_statements" ADD CONSTRAINT "partner_statements_commission_invoice_id_invoices_id_fk" FOREIGN KEY ("commission_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_documents" ADD CONSTRAINT "statement_documents_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_documents" ADD CONSTRAINT "statement_documents_statement_id_partner_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."partner_statements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_fingerprint_key" ON "bank_statement_lines" USING btree ("owner_key","fingerprint");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_owner_idx" ON "bank_statement_lines" USING btree ("owner_key","booked_on");--> statement-breakpoint
CREATE INDEX "einvoice_transmissions_status_idx" ON "einvoice_transmissions" USING btree ("status");--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_bank_line_key" ON "invoice_payments" USING btree ("bank_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_number_key" ON "invoices" USING btree ("series_key","sequence_number");--> statement-breakpoint
CREATE INDEX "invoices_seller_issue_idx" ON "invoices" USING btree ("seller_partner_id","issue_date");--> statement-breakpoint
CREATE INDEX "invoices_buyer_partner_idx" ON "invoices" USING btree ("buyer_partner_id","issue_date");--> statement-breakpoint
CREATE INDEX "invoices_issue_idx" ON "invoices" USING btree ("issue_date","id");--> statement-breakpoint
CREATE INDEX "invoices_registration_idx" ON "invoices" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "invoices_booker_idx" ON "invoices" USING btree ("booker_user_id");--> statement-breakpoint
CREATE INDEX "invoices_event_idx" ON "invoices" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "invoices_credits_idx" ON "invoices" USING btree ("credits_invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_payment_id_idx" ON "invoices" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "invoices_number_idx" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_statements_partner_month_key" ON "partner_statements" USING btree ("partner_id","month");--> statement-breakpoint
CREATE INDEX "statement_documents_statement_idx" ON "statement_documents" USING btree ("statement_id");--> statement-breakpoint
-- Every price becomes Danish kroner, net of moms (ADR 035): other currencies at fixed rates
-- (Danmarks Nationalbank's, rounded), to whole kroner; a currency without a rate here keeps
-- its figure. Pending revisions are converted alike, so approving one cannot bring a
-- currency back.
UPDATE "events" SET "price_minor" = round("price_minor" * r.rate / 100) * 100, "currency" = 'DKK' FROM (VALUES ('EUR', 7.46), ('GBP', 8.55), ('USD', 6.40), ('SEK', 0.68), ('NOK', 0.64), ('CHF', 7.95)) AS r(code, rate) WHERE "events"."currency" = r.code;--> statement-breakpoint
UPDATE "events" SET "currency" = 'DKK' WHERE "currency" <> 'DKK';--> statement-breakpoint
UPDATE "event_revisions" SET "values" = jsonb_set(jsonb_set("values", '{priceMinor}', to_jsonb((round(("values"->>'priceMinor')::numeric * r.rate / 100) * 100)::integer)), '{currency}', '"DKK"') FROM (VALUES ('EUR', 7.46), ('GBP', 8.55), ('USD', 6.40), ('SEK', 0.68), ('NOK', 0.64), ('CHF', 7.95)) AS r(code, rate) WHERE "event_revisions"."values"->>'currency' = r.code AND ("event_revisions"."values"->>'priceMinor') IS NOT NULL;--> statement-breakpoint
UPDATE "event_revisions" SET "values" = jsonb_set("values", '{currency}', '"DKK"') WHERE "values"->>'currency' <> 'DKK';--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_currency_dkk" CHECK ("events"."currency" = 'DKK');--> statement-breakpoint
-- What was issued stays issued (bogføringsloven; ADR 035): the database itself refuses to
-- change or delete an invoice or credit note, whatever code or person tries.
CREATE FUNCTION "refuse_issued_document_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'issued document % cannot be %', OLD."number", lower(TG_OP)
    USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "invoices_issued_are_immutable" BEFORE UPDATE OR DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "refuse_issued_document_change"();
