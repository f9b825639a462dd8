ALTER TABLE "inquiries" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_applications" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_invitations" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_registrations" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_language_check" CHECK ("inquiries"."language" in ('en', 'da'));--> statement-breakpoint
ALTER TABLE "partner_applications" ADD CONSTRAINT "partner_applications_language_check" CHECK ("partner_applications"."language" in ('en', 'da'));--> statement-breakpoint
ALTER TABLE "partner_invitations" ADD CONSTRAINT "partner_invitations_language_check" CHECK ("partner_invitations"."language" in ('en', 'da'));--> statement-breakpoint
ALTER TABLE "team_registrations" ADD CONSTRAINT "team_registrations_language_check" CHECK ("team_registrations"."language" in ('en', 'da'));