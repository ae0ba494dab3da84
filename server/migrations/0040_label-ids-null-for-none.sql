-- A conversation without labels carries null in `label_ids`, no longer an empty array (decision 056, amended):
-- the label filter's `&&` alone then implies the partial indexes' predicate, and PostgreSQL estimates a label
-- from the column's statistics without multiplying in a second condition it cannot see depends on the first.
DROP INDEX "conversations_labelled_idx";--> statement-breakpoint
DROP INDEX "conversations_label_ids_idx";--> statement-breakpoint
DROP TRIGGER conversations_label_counts_upd ON conversations;--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "label_ids" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "label_ids" DROP NOT NULL;--> statement-breakpoint
UPDATE conversations SET label_ids = NULL WHERE label_ids = '{}';--> statement-breakpoint
CREATE INDEX "conversations_labelled_idx" ON "conversations" USING btree ("company_id","last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST,"app_id","queue_id","assigned_user_id","status","label_ids") WHERE label_ids is not null;--> statement-breakpoint
CREATE INDEX "conversations_label_ids_idx" ON "conversations" USING gin ("label_ids") WITH (fastupdate=false) WHERE label_ids is not null;--> statement-breakpoint
-- Migration 0039's copy, writing null where a conversation has no label left (`array_agg` of no rows).
CREATE OR REPLACE FUNCTION conversation_label_ids_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT conversation_id) INTO touched FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT conversation_id) INTO touched FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT id) INTO touched
    FROM (SELECT conversation_id AS id FROM new_rows UNION SELECT conversation_id FROM old_rows) moved;
  END IF;
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM conversations WHERE id = ANY(touched) ORDER BY id FOR UPDATE;
  UPDATE conversations c SET label_ids = s.ids
  FROM (SELECT t.id, (SELECT array_agg(cl.label_id ORDER BY cl.label_id) FROM conversation_labels cl
      WHERE cl.conversation_id = t.id) AS ids
    FROM unnest(touched) AS t(id)) s
  WHERE c.id = s.id AND c.label_ids IS DISTINCT FROM s.ids;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER conversations_label_counts_upd
  AFTER UPDATE OF company_id, app_id, queue_id, assigned_user_id, status, label_ids ON conversations FOR EACH ROW
  WHEN ((OLD.label_ids IS NOT NULL OR NEW.label_ids IS NOT NULL) AND (OLD.label_ids IS DISTINCT FROM NEW.label_ids
    OR OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.app_id IS DISTINCT FROM NEW.app_id
    OR OLD.queue_id IS DISTINCT FROM NEW.queue_id OR OLD.assigned_user_id IS DISTINCT FROM NEW.assigned_user_id
    OR OLD.status IS DISTINCT FROM NEW.status))
  EXECUTE FUNCTION conversation_label_counts_on_row();
