CREATE TABLE "customer_activity" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"last_activity_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customer_activity" ADD CONSTRAINT "customer_activity_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_activity" ADD CONSTRAINT "customer_activity_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_activity_idx" ON "customer_activity" USING btree ("company_id","last_activity_at" DESC NULLS LAST,"customer_id" DESC NULLS LAST);--> statement-breakpoint
-- Every customer has its row, made with the customer whichever way it comes to be (a portal start, a channel,
-- the console, the API, a bench's bulk insert), so a message's update always finds one to move.
CREATE FUNCTION customer_activity_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_activity (customer_id, company_id) SELECT id, company_id FROM new_rows;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER customers_activity_ins AFTER INSERT ON customers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_activity_on_insert();--> statement-breakpoint
INSERT INTO customer_activity (customer_id, company_id, last_activity_at)
  SELECT id, company_id, last_activity_at FROM customers;--> statement-breakpoint
DROP INDEX "customers_activity_idx";--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "last_activity_at";