CREATE TABLE "check_in_ops" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"registration_id" uuid NOT NULL,
	"seat_id" uuid,
	"kind" text NOT NULL,
	"payload" jsonb,
	"by_user_id" text,
	"by_email" text NOT NULL,
	"device_id" uuid NOT NULL,
	"client_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text NOT NULL,
	"code" text,
	CONSTRAINT "check_in_ops_kind_check" CHECK ("check_in_ops"."kind" in ('present', 'absent', 'undo', 'substitute')),
	CONSTRAINT "check_in_ops_outcome_check" CHECK ("check_in_ops"."outcome" in ('applied', 'duplicate', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "seat_attendance" (
	"seat_id" uuid PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"op_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"by_email" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seat_attendance_state_check" CHECK ("seat_attendance"."state" in ('present', 'absent'))
);
--> statement-breakpoint
ALTER TABLE "check_in_ops" ADD CONSTRAINT "check_in_ops_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_ops" ADD CONSTRAINT "check_in_ops_registration_id_team_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."team_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_ops" ADD CONSTRAINT "check_in_ops_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_attendance" ADD CONSTRAINT "seat_attendance_seat_id_rower_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."rower_seats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_attendance" ADD CONSTRAINT "seat_attendance_op_id_check_in_ops_id_fk" FOREIGN KEY ("op_id") REFERENCES "public"."check_in_ops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_in_ops_event_received_idx" ON "check_in_ops" USING btree ("event_id","received_at");--> statement-breakpoint
CREATE INDEX "check_in_ops_registration_idx" ON "check_in_ops" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "seat_attendance_op_idx" ON "seat_attendance" USING btree ("op_id");