CREATE TABLE "conversation_count_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversation_count_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"queue_id" integer,
	"assigned_user_id" integer,
	"status" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_counts" (
	"company_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"queue_id" integer,
	"assigned_user_id" integer,
	"status" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "conversation_counts_group_key" UNIQUE NULLS NOT DISTINCT("company_id","app_id","queue_id","assigned_user_id","status")
);
--> statement-breakpoint
CREATE INDEX "conversation_count_changes_company_idx" ON "conversation_count_changes" USING btree ("company_id");--> statement-breakpoint
-- Written by hand (Drizzle declares no triggers). Every change to a conversation's group (company, app,
-- queue, assignee, status) appends its -1 and +1 to conversation_count_changes in the writer's own
-- transaction, so a list's total read from the groups is exact in every snapshot (decision 033). Inserts
-- and deletes are counted once per statement, grouped (a bulk insert of 100,000 conversations writes a few
-- hundred rows); updates once per row, and only when a group column really changed, so the update every
-- message makes (its activity time) costs no trigger call.
CREATE FUNCTION conversation_counts_on_statement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO conversation_count_changes (company_id, app_id, queue_id, assigned_user_id, status, n)
    SELECT company_id, app_id, queue_id, assigned_user_id, status, count(*) FROM new_rows
    GROUP BY company_id, app_id, queue_id, assigned_user_id, status;
  ELSE
    INSERT INTO conversation_count_changes (company_id, app_id, queue_id, assigned_user_id, status, n)
    SELECT company_id, app_id, queue_id, assigned_user_id, status, -count(*) FROM old_rows
    GROUP BY company_id, app_id, queue_id, assigned_user_id, status;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION conversation_counts_on_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO conversation_count_changes (company_id, app_id, queue_id, assigned_user_id, status, n)
  VALUES (OLD.company_id, OLD.app_id, OLD.queue_id, OLD.assigned_user_id, OLD.status, -1),
    (NEW.company_id, NEW.app_id, NEW.queue_id, NEW.assigned_user_id, NEW.status, 1);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER conversations_counts_ins AFTER INSERT ON conversations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION conversation_counts_on_statement();--> statement-breakpoint
CREATE TRIGGER conversations_counts_del AFTER DELETE ON conversations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION conversation_counts_on_statement();--> statement-breakpoint
CREATE TRIGGER conversations_counts_upd AFTER UPDATE OF company_id, app_id, queue_id, assigned_user_id, status
  ON conversations FOR EACH ROW
  WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.app_id IS DISTINCT FROM NEW.app_id
    OR OLD.queue_id IS DISTINCT FROM NEW.queue_id OR OLD.assigned_user_id IS DISTINCT FROM NEW.assigned_user_id
    OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION conversation_counts_on_row();--> statement-breakpoint
-- The conversations already there. Under the migration lock, before any server serves (db/client.ts).
INSERT INTO conversation_counts (company_id, app_id, queue_id, assigned_user_id, status, n)
SELECT company_id, app_id, queue_id, assigned_user_id, status, count(*) FROM conversations
GROUP BY company_id, app_id, queue_id, assigned_user_id, status;
