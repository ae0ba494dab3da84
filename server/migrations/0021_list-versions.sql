CREATE TABLE "list_versions" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"event_id" bigint DEFAULT 0 NOT NULL,
	"catalog" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Written by hand (Drizzle declares no triggers). Changes that alter a conversation list but write no event
-- bump the company's `catalog` in the writer's own transaction, so no list cached before them is served
-- after (`conversations/list-cache.ts`): names shown in list rows, who sees what, and deletions that cascade
-- to conversations. The tables are written rarely; customers only when a name, email or phone changes.
CREATE FUNCTION bump_list_catalog(company_ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO list_versions AS v (company_id, catalog)
  SELECT DISTINCT id, 1 FROM unnest(company_ids) AS id WHERE id IS NOT NULL ORDER BY id
  ON CONFLICT (company_id) DO UPDATE SET catalog = v.catalog + 1
$$;--> statement-breakpoint
CREATE FUNCTION list_catalog_on_statement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_list_catalog(array(SELECT company_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_list_catalog(array(SELECT company_id FROM old_rows));
  ELSE
    PERFORM bump_list_catalog(array(SELECT company_id FROM new_rows UNION SELECT company_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION list_catalog_on_customer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_list_catalog(array[NEW.company_id]);
  RETURN NULL;
END $$;--> statement-breakpoint
-- A user's name is shown in every company they belong to.
CREATE FUNCTION list_catalog_on_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_list_catalog(array(SELECT company_id FROM company_members WHERE user_id = NEW.id));
  RETURN NULL;
END $$;--> statement-breakpoint
-- Every insert, update and delete of the tables that decide names and reach, once per statement.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['apps', 'queues', 'company_members', 'app_members', 'queue_members'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION list_catalog_on_statement()', t || '_list_catalog_ins', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION list_catalog_on_statement()', t || '_list_catalog_upd', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION list_catalog_on_statement()', t || '_list_catalog_del', t);
  END LOOP;
END $$;--> statement-breakpoint
CREATE TRIGGER customers_list_catalog_del AFTER DELETE ON customers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_catalog_on_statement();--> statement-breakpoint
CREATE TRIGGER customers_list_catalog_upd AFTER UPDATE ON customers FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email OR OLD.phone IS DISTINCT FROM NEW.phone)
  EXECUTE FUNCTION list_catalog_on_customer();--> statement-breakpoint
CREATE TRIGGER users_list_catalog_upd AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION list_catalog_on_user();
--> statement-breakpoint
-- Whether the company has committed events still waiting for an event id (list-cache.ts reads it on every
-- poll). Without bitmap scans, as the sequencer's own scan: a plain index scan marks the dead entries that
-- numbered events leave in the partial index, where a bitmap scan reads them all again on every poll until
-- a vacuum (0.8 ms against 0.1 with 20,000 of them).
CREATE FUNCTION list_events_pending(company integer) RETURNS boolean LANGUAGE plpgsql STABLE
  SET enable_bitmapscan = off AS $$
BEGIN
  RETURN EXISTS (SELECT FROM events WHERE event_id IS NULL AND company_id = company AND type <> 'typing');
END $$;
