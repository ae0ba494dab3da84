CREATE TABLE "report_daily" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"app_id" integer NOT NULL,
	"queue_id" integer DEFAULT 0 NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"conversations_created" integer DEFAULT 0 NOT NULL,
	"conversations_resolved" integer DEFAULT 0 NOT NULL,
	"conversations_assigned" integer DEFAULT 0 NOT NULL,
	"messages_received" integer DEFAULT 0 NOT NULL,
	"messages_sent" integer DEFAULT 0 NOT NULL,
	"frt_n" integer DEFAULT 0 NOT NULL,
	"frt_sum" bigint DEFAULT 0 NOT NULL,
	"frtb_sum" bigint DEFAULT 0 NOT NULL,
	"rt_n" integer DEFAULT 0 NOT NULL,
	"rt_sum" bigint DEFAULT 0 NOT NULL,
	"rtb_sum" bigint DEFAULT 0 NOT NULL,
	"frt_hist" integer[] NOT NULL,
	"frtb_hist" integer[] NOT NULL,
	"rt_hist" integer[] NOT NULL,
	"rtb_hist" integer[] NOT NULL,
	CONSTRAINT "report_daily_company_id_day_app_id_queue_id_user_id_pk" PRIMARY KEY("company_id","day","app_id","queue_id","user_id")
);
--> statement-breakpoint
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
CREATE TABLE "report_rebuilds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_rebuilds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_counters" (
	"company_id" integer NOT NULL,
	"month" date NOT NULL,
	"ai_requests" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_counters_company_id_month_pk" PRIMARY KEY("company_id","month")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "plan_id" text DEFAULT 'free' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_daily" ADD CONSTRAINT "report_daily_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_facts" ADD CONSTRAINT "report_facts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_facts" ADD CONSTRAINT "report_facts_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_rebuilds" ADD CONSTRAINT "report_rebuilds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_counters" ADD CONSTRAINT "usage_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_facts_event_kind_key" ON "report_facts" USING btree ("event_id","kind");--> statement-breakpoint
CREATE INDEX "report_facts_company_day_idx" ON "report_facts" USING btree ("company_id","day","kind");--> statement-breakpoint
CREATE INDEX "report_facts_conversation_idx" ON "report_facts" USING btree ("conversation_id","kind") WHERE kind in ('conversation_created', 'first_response');--> statement-breakpoint
-- No row points at another company's row (decision 014). report_daily's app 0 is no app: it has no key.
ALTER TABLE "report_facts" ADD CONSTRAINT "report_facts_company_app_id_fk" FOREIGN KEY ("company_id", "app_id") REFERENCES "public"."apps"("company_id", "id");
