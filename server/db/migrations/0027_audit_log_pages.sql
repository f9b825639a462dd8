DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_partner_idx";--> statement-breakpoint
CREATE INDEX "audit_log_created_id_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_partner_created_id_idx" ON "audit_log" USING btree ("partner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_email_trgm_idx" ON "audit_log" USING gin ("actor_email" gin_trgm_ops);