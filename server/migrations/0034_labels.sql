CREATE TABLE "conversation_labels" (
	"company_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_labels_conversation_id_label_id_pk" PRIMARY KEY("conversation_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "customer_labels" (
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_labels_customer_id_label_id_pk" PRIMARY KEY("customer_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "labels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "labels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labels_company_id_id_key" UNIQUE("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "conversation_labels" ADD CONSTRAINT "conversation_labels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_labels" ADD CONSTRAINT "conversation_labels_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_labels" ADD CONSTRAINT "conversation_labels_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_labels" ADD CONSTRAINT "customer_labels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_labels" ADD CONSTRAINT "customer_labels_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_labels" ADD CONSTRAINT "customer_labels_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_labels_label_idx" ON "conversation_labels" USING btree ("label_id","conversation_id");--> statement-breakpoint
CREATE INDEX "customer_labels_label_idx" ON "customer_labels" USING btree ("label_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "labels_company_name_key" ON "labels" USING btree ("company_id",lower("name"));--> statement-breakpoint
-- Tenant keys (as migration 0005): a label row of one company can never point at another company's
-- conversation, customer or label. Checked at the end of each statement, after the cascades above ran.
ALTER TABLE "conversation_labels" ADD CONSTRAINT "conversation_labels_company_conversation_id_fk" FOREIGN KEY ("company_id", "conversation_id") REFERENCES "public"."conversations"("company_id", "id");--> statement-breakpoint
ALTER TABLE "conversation_labels" ADD CONSTRAINT "conversation_labels_company_label_id_fk" FOREIGN KEY ("company_id", "label_id") REFERENCES "public"."labels"("company_id", "id");--> statement-breakpoint
ALTER TABLE "customer_labels" ADD CONSTRAINT "customer_labels_company_customer_id_fk" FOREIGN KEY ("company_id", "customer_id") REFERENCES "public"."customers"("company_id", "id");--> statement-breakpoint
ALTER TABLE "customer_labels" ADD CONSTRAINT "customer_labels_company_label_id_fk" FOREIGN KEY ("company_id", "label_id") REFERENCES "public"."labels"("company_id", "id");
