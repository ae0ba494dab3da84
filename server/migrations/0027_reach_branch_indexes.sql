DROP INDEX "conversations_queue_idx";--> statement-breakpoint
DROP INDEX "conversations_assigned_idx";--> statement-breakpoint
CREATE INDEX "conversations_unassigned_idx" ON "conversations" USING btree ("app_id","last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST,"company_id","queue_id","status") WHERE assigned_user_id is null;--> statement-breakpoint
CREATE INDEX "conversations_queue_idx" ON "conversations" USING btree ("queue_id","last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST,"company_id","app_id","assigned_user_id","status");--> statement-breakpoint
CREATE INDEX "conversations_assigned_idx" ON "conversations" USING btree ("assigned_user_id","last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST,"company_id","app_id","queue_id","status");