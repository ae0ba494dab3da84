CREATE TABLE "auto_responder_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auto_responder_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"responder_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"occurrence" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"message_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_responder_runs_occurrence_key" UNIQUE("responder_id","conversation_id","occurrence")
);
--> statement-breakpoint
CREATE TABLE "auto_responders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auto_responders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"queue_id" integer,
	"name" text NOT NULL,
	"trigger" text NOT NULL,
	"delay_minutes" integer DEFAULT 0 NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"message" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_responders_company_id_id_key" UNIQUE("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "auto_responder_runs" ADD CONSTRAINT "auto_responder_runs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_responder_runs" ADD CONSTRAINT "auto_responder_runs_responder_id_auto_responders_id_fk" FOREIGN KEY ("responder_id") REFERENCES "public"."auto_responders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_responder_runs" ADD CONSTRAINT "auto_responder_runs_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_responders" ADD CONSTRAINT "auto_responders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_responders" ADD CONSTRAINT "auto_responders_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_responders" ADD CONSTRAINT "auto_responders_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_responder_runs_due_idx" ON "auto_responder_runs" USING btree ("due_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "auto_responder_runs_conversation_idx" ON "auto_responder_runs" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "auto_responders_app_idx" ON "auto_responders" USING btree ("app_id");--> statement-breakpoint
-- No row points at another company's row (decision 014): each reference carries its company.
ALTER TABLE "auto_responders" ADD CONSTRAINT "auto_responders_company_app_id_fk" FOREIGN KEY ("company_id", "app_id") REFERENCES "public"."apps"("company_id", "id");--> statement-breakpoint
ALTER TABLE "auto_responders" ADD CONSTRAINT "auto_responders_company_queue_id_fk" FOREIGN KEY ("company_id", "queue_id") REFERENCES "public"."queues"("company_id", "id");--> statement-breakpoint
ALTER TABLE "auto_responder_runs" ADD CONSTRAINT "auto_responder_runs_company_responder_id_fk" FOREIGN KEY ("company_id", "responder_id") REFERENCES "public"."auto_responders"("company_id", "id");--> statement-breakpoint
ALTER TABLE "auto_responder_runs" ADD CONSTRAINT "auto_responder_runs_company_conversation_id_fk" FOREIGN KEY ("company_id", "conversation_id") REFERENCES "public"."conversations"("company_id", "id");
