ALTER TABLE "conversations" ADD COLUMN "priority" smallint;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "snoozed_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "conversations_oldest_idx" ON "conversations" USING btree ("company_id","created_at","id","app_id","queue_id","assigned_user_id","status","priority");--> statement-breakpoint
CREATE INDEX "conversations_waiting_idx" ON "conversations" USING btree ("company_id",coalesce(waiting_since, '9999-12-31 00:00:00+00'::timestamptz),"id","app_id","queue_id","assigned_user_id","status","priority");--> statement-breakpoint
CREATE INDEX "conversations_priority_idx" ON "conversations" USING btree ("company_id",coalesce(priority, 5),coalesce(waiting_since, '9999-12-31 00:00:00+00'::timestamptz),"id","app_id","queue_id","assigned_user_id","status");--> statement-breakpoint
CREATE INDEX "conversations_priority_latest_idx" ON "conversations" USING btree ("company_id","priority","last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST,"app_id","queue_id","assigned_user_id","status") WHERE priority is not null;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_priority_rank" CHECK ("conversations"."priority" between 1 and 4);--> statement-breakpoint
-- waiting_since as contract section 13 defines it, for every conversation not resolved: the oldest customer
-- message after the last agent reply (notes, auto and system messages are no reply); null when none.
UPDATE "conversations" c SET "waiting_since" = (
  SELECT min(m.created_at) FROM messages m
  WHERE m.conversation_id = c.id AND m.sender_type = 'customer'
    AND m.id > coalesce((SELECT max(a.id) FROM messages a
      WHERE a.conversation_id = c.id AND a.sender_type = 'agent' AND NOT a.is_private), 0)
) WHERE c.status <> 'resolved';
