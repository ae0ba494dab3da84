CREATE TABLE "customer_identities" (
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_identities_company_id_kind_value_pk" PRIMARY KEY("company_id","kind","value")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "last_activity_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_identities" ADD CONSTRAINT "customer_identities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_identities" ADD CONSTRAINT "customer_identities_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_identities_customer_idx" ON "customer_identities" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customers_activity_idx" ON "customers" USING btree ("company_id","last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree ("company_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "customers_created_idx" ON "customers" USING btree ("company_id","created_at","id");--> statement-breakpoint
-- Issue 10: an identity never points at another company's customer (as migration 0005 for the other tables).
ALTER TABLE "customer_identities" ADD CONSTRAINT "customer_identities_company_customer_id_fk" FOREIGN KEY ("company_id", "customer_id") REFERENCES "public"."customers"("company_id", "id");--> statement-breakpoint
-- Existing customers' emails and phones become their identities. Emails are already unique per company in any
-- case; a phone two customers share stays with the older customer (the other keeps it as contact text only).
INSERT INTO "customer_identities" ("company_id", "customer_id", "kind", "value")
SELECT "company_id", "id", 'email', lower("email") FROM "customers" WHERE "email" IS NOT NULL AND "email" <> ''
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "customer_identities" ("company_id", "customer_id", "kind", "value")
SELECT "company_id", "id", 'phone',
  CASE WHEN btrim("phone") LIKE '+%' THEN '+' ELSE '' END || regexp_replace("phone", '[^0-9]', '', 'g')
FROM "customers" WHERE "phone" IS NOT NULL AND length(regexp_replace("phone", '[^0-9]', '', 'g')) >= 4
ORDER BY "id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "customers" SET "updated_at" = "created_at",
  "last_activity_at" = (SELECT max("last_activity_at") FROM "conversations" c WHERE c."customer_id" = "customers"."id");
