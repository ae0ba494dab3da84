CREATE TABLE "portal_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "portal_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"conversation_id" integer,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "portal_uploads" (
	"attachment_id" integer PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL
);
--> statement-breakpoint
-- Typing signals live a few seconds: UNLOGGED skips the WAL, and a crash losing them loses nothing.
CREATE UNLOGGED TABLE "typing_signals" (
	"conversation_id" integer NOT NULL,
	"actor_key" text NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "typing_signals_conversation_id_actor_key_pk" PRIMARY KEY("conversation_id","actor_key")
);
--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_uploads" ADD CONSTRAINT "portal_uploads_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_uploads" ADD CONSTRAINT "portal_uploads_session_id_portal_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."portal_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "typing_signals" ADD CONSTRAINT "typing_signals_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portal_sessions_token_key" ON "portal_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "portal_sessions_conversation_idx" ON "portal_sessions" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "portal_sessions_due_idx" ON "portal_sessions" USING btree ("expires_at") WHERE "portal_sessions"."ended_at" is null;