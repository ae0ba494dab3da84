CREATE TABLE "report_facts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_facts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"queue_id" integer,
	"user_id" integer,
	"conversation_id" integer NOT NULL,
	"event_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"seconds" integer,
	"business_seconds" integer
);
--> statement-breakpoint
ALTER TABLE "report_facts" ADD CONSTRAINT "report_facts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_facts" ADD CONSTRAINT "report_facts_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_facts_event_kind_key" ON "report_facts" USING btree ("event_id","kind");--> statement-breakpoint
CREATE INDEX "report_facts_company_day_idx" ON "report_facts" USING btree ("company_id","day","kind");--> statement-breakpoint
CREATE INDEX "report_facts_conversation_idx" ON "report_facts" USING btree ("conversation_id","kind") WHERE kind in ('conversation_created', 'first_response');--> statement-breakpoint
-- No row points at another company's row (decision 014).
ALTER TABLE "report_facts" ADD CONSTRAINT "report_facts_company_app_id_fk" FOREIGN KEY ("company_id", "app_id") REFERENCES "public"."apps"("company_id", "id");
