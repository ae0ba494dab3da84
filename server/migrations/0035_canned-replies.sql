CREATE TABLE "canned_replies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "canned_replies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"scope" text NOT NULL,
	"app_id" integer,
	"owner_user_id" integer,
	"short_code" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(short_code || ' ' || title || ' ' || content)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "canned_replies_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "canned_replies_scope_check" CHECK (("canned_replies"."scope" = 'company' and "canned_replies"."app_id" is null and "canned_replies"."owner_user_id" is null)
        or ("canned_replies"."scope" = 'app' and "canned_replies"."app_id" is not null and "canned_replies"."owner_user_id" is null)
        or ("canned_replies"."scope" = 'personal' and "canned_replies"."app_id" is null and "canned_replies"."owner_user_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "canned_reply_attachments" (
	"attachment_id" integer NOT NULL,
	"canned_reply_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "canned_reply_attachments_attachment_id_pk" PRIMARY KEY("attachment_id")
);
--> statement-breakpoint
ALTER TABLE "attachments" ALTER COLUMN "conversation_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "canned_replies" ADD CONSTRAINT "canned_replies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_replies" ADD CONSTRAINT "canned_replies_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_replies" ADD CONSTRAINT "canned_replies_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_reply_attachments" ADD CONSTRAINT "canned_reply_attachments_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_reply_attachments" ADD CONSTRAINT "canned_reply_attachments_canned_reply_id_canned_replies_id_fk" FOREIGN KEY ("canned_reply_id") REFERENCES "public"."canned_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_reply_attachments" ADD CONSTRAINT "canned_reply_attachments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "canned_replies_company_code_key" ON "canned_replies" USING btree ("company_id",lower("short_code")) WHERE "canned_replies"."scope" = 'company';--> statement-breakpoint
CREATE UNIQUE INDEX "canned_replies_app_code_key" ON "canned_replies" USING btree ("app_id",lower("short_code")) WHERE "canned_replies"."scope" = 'app';--> statement-breakpoint
CREATE UNIQUE INDEX "canned_replies_owner_code_key" ON "canned_replies" USING btree ("company_id","owner_user_id",lower("short_code")) WHERE "canned_replies"."scope" = 'personal';--> statement-breakpoint
CREATE INDEX "canned_replies_company_code_idx" ON "canned_replies" USING btree ("company_id",lower("short_code"),"id");--> statement-breakpoint
CREATE INDEX "canned_replies_search_trgm_idx" ON "canned_replies" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "canned_reply_attachments_reply_idx" ON "canned_reply_attachments" USING btree ("canned_reply_id");--> statement-breakpoint
-- Composite tenant keys (as in 0005): a reply names an app of its own company, and a file link a reply of its
-- own company.
ALTER TABLE "canned_replies" ADD CONSTRAINT "canned_replies_company_app_id_fk" FOREIGN KEY ("company_id", "app_id") REFERENCES "public"."apps"("company_id", "id");--> statement-breakpoint
ALTER TABLE "canned_reply_attachments" ADD CONSTRAINT "canned_reply_attachments_company_reply_id_fk" FOREIGN KEY ("company_id", "canned_reply_id") REFERENCES "public"."canned_replies"("company_id", "id");
