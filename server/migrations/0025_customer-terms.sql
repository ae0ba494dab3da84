CREATE TABLE "customer_terms" (
	"company_id" integer NOT NULL,
	"term" text NOT NULL,
	"customer_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_terms" ADD CONSTRAINT "customer_terms_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_terms_key" ON "customer_terms" USING btree ("company_id","term" text_pattern_ops,"customer_id");--> statement-breakpoint
CREATE INDEX "customer_terms_customer_idx" ON "customer_terms" USING btree ("customer_id");--> statement-breakpoint
-- Written by hand (Drizzle declares no triggers). A customer's terms follow their name and email in the
-- writer's own transaction; the document is the one `customers_search_idx` indexes (migration 0002) and
-- `conversations/search.ts` spells, so both paths of a search find the same customers. Deletions cascade.
-- A term is kept to its first 200 characters (at most 800 bytes, well inside a btree entry): a search word
-- of up to 200 characters is a prefix of a term exactly when it is one of its first 200 (`TERM_CHARS`).
CREATE FUNCTION customer_terms_of(name text, email text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT left(t, 200) FROM unnest(tsvector_to_array(to_tsvector('simple',
    name || ' ' || coalesce(email, '') || ' ' || translate(coalesce(email, ''), '@.', '  ')))) AS t
$$;--> statement-breakpoint
CREATE FUNCTION customer_terms_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM customer_terms WHERE customer_id = OLD.id;
  END IF;
  INSERT INTO customer_terms (company_id, term, customer_id)
  SELECT NEW.company_id, t, NEW.id FROM customer_terms_of(NEW.name, NEW.email) AS t;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER customers_terms_ins AFTER INSERT ON customers FOR EACH ROW EXECUTE FUNCTION customer_terms_sync();--> statement-breakpoint
CREATE TRIGGER customers_terms_upd AFTER UPDATE ON customers FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email OR OLD.company_id IS DISTINCT FROM NEW.company_id)
  EXECUTE FUNCTION customer_terms_sync();--> statement-breakpoint
INSERT INTO customer_terms (company_id, term, customer_id)
SELECT c.company_id, t, c.id FROM customers c, customer_terms_of(c.name, c.email) AS t;
