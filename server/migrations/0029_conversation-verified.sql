-- Decision 037. Existing conversations take true at once (a constant default: no table rewrite), then those
-- whose visitor only typed an address (the portal form, the website widget, where nothing recorded a
-- signed identity) become false; new rows are false unless their path proves the customer.
ALTER TABLE "conversations" ADD COLUMN "verified" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "conversations" SET "verified" = false WHERE "channel" IN ('portal', 'web');--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "verified" SET DEFAULT false;
