-- Nothing scans for due rows any more (decision 045): the partial indexes that served the minute scans go.
DROP INDEX "auto_responder_runs_due_idx";--> statement-breakpoint
DROP INDEX "webhook_deliveries_due_idx";--> statement-breakpoint
-- Rows pending from a version that scanned for them have no pg-boss job: the first process to start deletes
-- this mark and queues their jobs, once (`bootstrap/pending-work.ts`).
INSERT INTO "instance_settings" ("key", "value") VALUES ('jobs-for-pending-work', 'owed') ON CONFLICT DO NOTHING;
