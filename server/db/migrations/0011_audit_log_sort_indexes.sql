CREATE INDEX "audit_logs_user_id_idx" ON "audit_logs" USING btree ("user","id");--> statement-breakpoint
CREATE INDEX "audit_logs_email_id_idx" ON "audit_logs" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "audit_logs_user_type_id_idx" ON "audit_logs" USING btree ("user_type","id");--> statement-breakpoint
CREATE INDEX "audit_logs_ip_address_id_idx" ON "audit_logs" USING btree ("ip_address","id");--> statement-breakpoint
CREATE INDEX "audit_logs_method_type_id_idx" ON "audit_logs" USING btree ("method_type","id");--> statement-breakpoint
CREATE INDEX "audit_logs_logger_message_id_idx" ON "audit_logs" USING btree ("logger_message","id");