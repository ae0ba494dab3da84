CREATE TABLE "notification_counts" (
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"shown" integer NOT NULL,
	"unread" integer NOT NULL,
	CONSTRAINT "notification_counts_user_id_company_id_pk" PRIMARY KEY("user_id","company_id")
);
--> statement-breakpoint
-- Written by hand (Drizzle declares no triggers). The counts of the notifications already there, under the
-- migration lock before any server serves; the triggers below keep them from now on.
INSERT INTO notification_counts (user_id, company_id, shown, unread)
SELECT user_id, company_id, count(*) FILTER (WHERE in_app), count(*) FILTER (WHERE in_app AND read_at IS NULL)
FROM notifications GROUP BY user_id, company_id HAVING count(*) FILTER (WHERE in_app) > 0;--> statement-breakpoint
-- Once per statement: the consumer's batch insert, a "mark read", a cascade's delete. Only the people whose
-- counts really move are written (a mail job's update of `emailed_at` writes nothing), in key order, so two
-- writers lock shared rows in one order. A row whose count falls to nothing goes: a deleted user or company
-- leaves none behind, and a missing row reads as zero.
CREATE FUNCTION notification_counts_move(d notification_counts[]) RETURNS void LANGUAGE sql AS $$
  WITH d AS (SELECT * FROM unnest($1) WHERE shown <> 0 OR unread <> 0), locked AS (
    SELECT c.user_id, c.company_id FROM notification_counts c JOIN d USING (user_id, company_id)
    ORDER BY c.user_id, c.company_id FOR UPDATE OF c
  )
  UPDATE notification_counts c SET shown = c.shown + d.shown, unread = c.unread + d.unread
  FROM d JOIN locked USING (user_id, company_id)
  WHERE c.user_id = d.user_id AND c.company_id = d.company_id;
$$;--> statement-breakpoint
CREATE FUNCTION notification_counts_on_statement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO notification_counts AS c (user_id, company_id, shown, unread)
    SELECT user_id, company_id, count(*) FILTER (WHERE in_app), count(*) FILTER (WHERE in_app AND read_at IS NULL)
    FROM new_rows GROUP BY user_id, company_id HAVING count(*) FILTER (WHERE in_app) > 0
    ORDER BY user_id, company_id
    ON CONFLICT (user_id, company_id) DO UPDATE SET shown = c.shown + excluded.shown, unread = c.unread + excluded.unread;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM notification_counts_move(array(
      SELECT (user_id, company_id, sum(shown), sum(unread))::notification_counts FROM (
        SELECT user_id, company_id, -(in_app::int) AS shown, -((in_app AND read_at IS NULL)::int) AS unread
        FROM old_rows
        UNION ALL
        SELECT user_id, company_id, in_app::int, (in_app AND read_at IS NULL)::int FROM new_rows
      ) x GROUP BY user_id, company_id));
  ELSE
    PERFORM notification_counts_move(array(
      SELECT (user_id, company_id, -count(*) FILTER (WHERE in_app),
        -count(*) FILTER (WHERE in_app AND read_at IS NULL))::notification_counts
      FROM old_rows GROUP BY user_id, company_id));
    DELETE FROM notification_counts c USING (SELECT DISTINCT user_id, company_id FROM old_rows) o
    WHERE c.user_id = o.user_id AND c.company_id = o.company_id AND c.shown = 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER notifications_counts_ins AFTER INSERT ON notifications REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_on_statement();--> statement-breakpoint
CREATE TRIGGER notifications_counts_upd AFTER UPDATE ON notifications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_on_statement();--> statement-breakpoint
CREATE TRIGGER notifications_counts_del AFTER DELETE ON notifications REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_on_statement();
