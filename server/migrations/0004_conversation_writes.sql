-- Decision 015: a company chooses whether a reply to an unassigned conversation assigns it to the replier
-- (on by default), and every message records the platform admin who wrote it while impersonating.
ALTER TABLE "companies" ADD COLUMN "auto_assign_on_reply" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "impersonator_user_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_impersonator_user_id_users_id_fk" FOREIGN KEY ("impersonator_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
