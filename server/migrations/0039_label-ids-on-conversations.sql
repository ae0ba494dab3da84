CREATE TABLE "conversation_label_count_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversation_label_count_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"queue_id" integer,
	"assigned_user_id" integer,
	"status" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_label_counts" (
	"company_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"queue_id" integer,
	"assigned_user_id" integer,
	"status" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "conversation_label_counts_group_key" UNIQUE NULLS NOT DISTINCT("company_id","label_id","app_id","queue_id","assigned_user_id","status")
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "label_ids" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
CREATE INDEX "conversation_label_count_changes_company_idx" ON "conversation_label_count_changes" USING btree ("company_id","label_id");--> statement-breakpoint
-- Written by hand (Drizzle declares no triggers; decision 056). `conversations.label_ids` is a copy of the
-- conversation's `conversation_labels` rows, ascending. Every statement that inserts, deletes or moves such a
-- row (a label change, bulk labels, a label's deletion by cascade, a conversation's or company's deletion)
-- rewrites the copy of the conversations it touched before the statement returns, in the writer's own
-- transaction. The rows are locked first and the copy read afterwards, in a statement of its own: under READ
-- COMMITTED that second statement sees every label write that held the lock before, so two writers to one
-- conversation (a label deleted while another is added) cannot leave a copy that misses either.
UPDATE conversations c SET label_ids = s.ids
FROM (SELECT conversation_id, array_agg(label_id ORDER BY label_id) AS ids FROM conversation_labels
  GROUP BY conversation_id) s
WHERE c.id = s.conversation_id;--> statement-breakpoint
-- The groups per label of the conversations already there (under the migration lock, before any server
-- serves); the triggers below keep them from now on, as migration 0023's keep conversation_counts.
INSERT INTO conversation_label_counts (company_id, label_id, app_id, queue_id, assigned_user_id, status, n)
SELECT c.company_id, l.id, c.app_id, c.queue_id, c.assigned_user_id, c.status, count(*)
FROM conversations c CROSS JOIN unnest(c.label_ids) AS l(id)
GROUP BY c.company_id, l.id, c.app_id, c.queue_id, c.assigned_user_id, c.status;--> statement-breakpoint
-- The indexes after the copy: built once over it, not entry by entry.
CREATE INDEX "conversations_labelled_idx" ON "conversations" USING btree ("company_id","last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST,"app_id","queue_id","assigned_user_id","status","label_ids") WHERE label_ids <> '{}';--> statement-breakpoint
CREATE INDEX "conversations_label_ids_idx" ON "conversations" USING gin ("label_ids") WITH (fastupdate=false) WHERE label_ids <> '{}';--> statement-breakpoint
CREATE FUNCTION conversation_label_ids_sync() RETURNS trigger LANGUAGE plpgsql AS $$
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
  FROM (SELECT t.id, coalesce((SELECT array_agg(cl.label_id ORDER BY cl.label_id) FROM conversation_labels cl
      WHERE cl.conversation_id = t.id), '{}'::int[]) AS ids
    FROM unnest(touched) AS t(id)) s
  WHERE c.id = s.id AND c.label_ids IS DISTINCT FROM s.ids;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER conversation_labels_ids_ins AFTER INSERT ON conversation_labels REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION conversation_label_ids_sync();--> statement-breakpoint
CREATE TRIGGER conversation_labels_ids_del AFTER DELETE ON conversation_labels REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION conversation_label_ids_sync();--> statement-breakpoint
CREATE TRIGGER conversation_labels_ids_upd AFTER UPDATE ON conversation_labels
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION conversation_label_ids_sync();--> statement-breakpoint
-- The per-label groups follow the conversations as migration 0023's groups do: inserts and deletes once per
-- statement, updates once per row and only when a labelled conversation's group or labels really changed.
CREATE FUNCTION conversation_label_counts_on_statement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO conversation_label_count_changes (company_id, label_id, app_id, queue_id, assigned_user_id, status, n)
    SELECT r.company_id, l.id, r.app_id, r.queue_id, r.assigned_user_id, r.status, count(*)
    FROM new_rows r CROSS JOIN unnest(r.label_ids) AS l(id)
    GROUP BY r.company_id, l.id, r.app_id, r.queue_id, r.assigned_user_id, r.status;
  ELSE
    INSERT INTO conversation_label_count_changes (company_id, label_id, app_id, queue_id, assigned_user_id, status, n)
    SELECT r.company_id, l.id, r.app_id, r.queue_id, r.assigned_user_id, r.status, -count(*)
    FROM old_rows r CROSS JOIN unnest(r.label_ids) AS l(id)
    GROUP BY r.company_id, l.id, r.app_id, r.queue_id, r.assigned_user_id, r.status;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION conversation_label_counts_on_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO conversation_label_count_changes (company_id, label_id, app_id, queue_id, assigned_user_id, status, n)
  SELECT OLD.company_id, l.id, OLD.app_id, OLD.queue_id, OLD.assigned_user_id, OLD.status, -1
  FROM unnest(OLD.label_ids) AS l(id)
  UNION ALL
  SELECT NEW.company_id, l.id, NEW.app_id, NEW.queue_id, NEW.assigned_user_id, NEW.status, 1
  FROM unnest(NEW.label_ids) AS l(id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER conversations_label_counts_ins AFTER INSERT ON conversations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION conversation_label_counts_on_statement();--> statement-breakpoint
CREATE TRIGGER conversations_label_counts_del AFTER DELETE ON conversations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION conversation_label_counts_on_statement();--> statement-breakpoint
CREATE TRIGGER conversations_label_counts_upd
  AFTER UPDATE OF company_id, app_id, queue_id, assigned_user_id, status, label_ids ON conversations FOR EACH ROW
  WHEN ((OLD.label_ids <> '{}' OR NEW.label_ids <> '{}') AND (OLD.label_ids IS DISTINCT FROM NEW.label_ids
    OR OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.app_id IS DISTINCT FROM NEW.app_id
    OR OLD.queue_id IS DISTINCT FROM NEW.queue_id OR OLD.assigned_user_id IS DISTINCT FROM NEW.assigned_user_id
    OR OLD.status IS DISTINCT FROM NEW.status))
  EXECUTE FUNCTION conversation_label_counts_on_row();
