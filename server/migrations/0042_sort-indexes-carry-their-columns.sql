-- The list's sort indexes keyed on an expression (`coalesce(waiting_since, ...)`, `coalesce(priority, 5)`,
-- `coalesce(sla_due_at, ...)`) also carry the plain column, last: PostgreSQL answers from an index alone only
-- when every column a query names is stored in it, and it does not see the column inside the expression. Without
-- it each page and each count of these sorts read the conversation row of every entry it passed.
DROP INDEX "conversations_waiting_idx";--> statement-breakpoint
DROP INDEX "conversations_priority_idx";--> statement-breakpoint
DROP INDEX "conversations_sla_idx";--> statement-breakpoint
CREATE INDEX "conversations_waiting_idx" ON "conversations" USING btree ("company_id",coalesce(waiting_since, '9999-12-31 00:00:00+00'::timestamptz),"id","app_id","queue_id","assigned_user_id","status","priority","waiting_since");--> statement-breakpoint
CREATE INDEX "conversations_priority_idx" ON "conversations" USING btree ("company_id",coalesce(priority, 5),coalesce(waiting_since, '9999-12-31 00:00:00+00'::timestamptz),"id","app_id","queue_id","assigned_user_id","status","priority","waiting_since");--> statement-breakpoint
CREATE INDEX "conversations_sla_idx" ON "conversations" USING btree ("company_id",coalesce(sla_due_at, '9999-12-31 00:00:00+00'::timestamptz),"id","app_id","queue_id","assigned_user_id","status","priority","sla_due_at");