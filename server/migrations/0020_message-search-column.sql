ALTER TABLE "messages" ADD COLUMN "content_search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', content)) STORED NOT NULL;--> statement-breakpoint
-- The search index reads the stored words instead of parsing each message again (written by hand: the schema
-- declares no GIN index, as in 0002).
DROP INDEX IF EXISTS "messages_content_search_idx";--> statement-breakpoint
CREATE INDEX "messages_content_search_idx" ON "messages" USING gin ("content_search");
