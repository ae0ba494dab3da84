CREATE TABLE "csat_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "csat_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"resolved_at" timestamp with time zone NOT NULL,
	"resolved_by_user_id" integer,
	"question" text NOT NULL,
	"token_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"score" smallint,
	"comment" text,
	"rated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "csat_requests_resolution_key" UNIQUE("conversation_id","resolved_at"),
	CONSTRAINT "csat_requests_token_key" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "csat_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "csat_question" text DEFAULT 'How would you rate our support?' NOT NULL;--> statement-breakpoint
ALTER TABLE "csat_requests" ADD CONSTRAINT "csat_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csat_requests" ADD CONSTRAINT "csat_requests_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csat_requests" ADD CONSTRAINT "csat_requests_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "csat_requests_company_idx" ON "csat_requests" USING btree ("company_id");