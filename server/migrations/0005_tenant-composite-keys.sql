-- Issue 8: no row can point at another company's row. Each parent is unique by (company_id, id), and each
-- child's reference carries its company_id along. The single-column keys stay and keep their ON DELETE
-- rules; these are checked at the end of each statement (NO ACTION), after those cascades and SET NULLs ran.
ALTER TABLE "apps" ADD CONSTRAINT "apps_company_id_id_key" UNIQUE ("company_id", "id");--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_company_id_id_key" UNIQUE ("company_id", "id");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_company_id_id_key" UNIQUE ("company_id", "id");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_company_id_id_key" UNIQUE ("company_id", "id");--> statement-breakpoint
ALTER TABLE "app_members" ADD CONSTRAINT "app_members_company_app_id_fk" FOREIGN KEY ("company_id", "app_id") REFERENCES "public"."apps"("company_id", "id");--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_company_app_id_fk" FOREIGN KEY ("company_id", "app_id") REFERENCES "public"."apps"("company_id", "id");--> statement-breakpoint
ALTER TABLE "queue_members" ADD CONSTRAINT "queue_members_company_queue_id_fk" FOREIGN KEY ("company_id", "queue_id") REFERENCES "public"."queues"("company_id", "id");--> statement-breakpoint
ALTER TABLE "customer_apps" ADD CONSTRAINT "customer_apps_company_customer_id_fk" FOREIGN KEY ("company_id", "customer_id") REFERENCES "public"."customers"("company_id", "id");--> statement-breakpoint
ALTER TABLE "customer_apps" ADD CONSTRAINT "customer_apps_company_app_id_fk" FOREIGN KEY ("company_id", "app_id") REFERENCES "public"."apps"("company_id", "id");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_company_app_id_fk" FOREIGN KEY ("company_id", "app_id") REFERENCES "public"."apps"("company_id", "id");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_company_queue_id_fk" FOREIGN KEY ("company_id", "queue_id") REFERENCES "public"."queues"("company_id", "id");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_company_customer_id_fk" FOREIGN KEY ("company_id", "customer_id") REFERENCES "public"."customers"("company_id", "id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_company_conversation_id_fk" FOREIGN KEY ("company_id", "conversation_id") REFERENCES "public"."conversations"("company_id", "id");--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_company_conversation_id_fk" FOREIGN KEY ("company_id", "conversation_id") REFERENCES "public"."conversations"("company_id", "id");--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_company_conversation_id_fk" FOREIGN KEY ("company_id", "conversation_id") REFERENCES "public"."conversations"("company_id", "id");--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_company_conversation_id_fk" FOREIGN KEY ("company_id", "conversation_id") REFERENCES "public"."conversations"("company_id", "id");--> statement-breakpoint
ALTER TABLE "typing_signals" ADD CONSTRAINT "typing_signals_company_conversation_id_fk" FOREIGN KEY ("company_id", "conversation_id") REFERENCES "public"."conversations"("company_id", "id");
