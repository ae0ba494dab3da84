CREATE TABLE "usage_counters" (
	"company_id" integer NOT NULL,
	"month" date NOT NULL,
	"ai_requests" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_counters_company_id_month_pk" PRIMARY KEY("company_id","month")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "plan_id" text DEFAULT 'free' NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_counters" ADD CONSTRAINT "usage_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;