-- Events are numbered when they are written, not after commit (decision 046). First the events a sequencer
-- had not numbered yet get the next ids in the order they were written, as its next run would have given.
UPDATE "events" e SET "event_id" = n.id FROM (
  SELECT seq, (SELECT coalesce(max(event_id), 0) FROM events) + row_number() OVER (ORDER BY seq) AS id
  FROM events WHERE event_id IS NULL
) n WHERE e.seq = n.seq;--> statement-breakpoint
DROP INDEX "events_event_id_idx";--> statement-breakpoint
DROP INDEX "events_unsequenced_idx";--> statement-breakpoint
ALTER TABLE "events" DROP COLUMN "seq";--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "event_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD PRIMARY KEY ("event_id");--> statement-breakpoint
-- An event's id: its transaction's id (xid8, which never wraps) times 65,536, plus its place among the
-- transaction's events (a counter local to the transaction), less a constant chosen so that the first new
-- id is above every id given before (consumers' positions carry over unchanged). The constant is taken
-- from the oldest transaction still running, so one that began before this migration and writes an event
-- after it cannot get an id at or below the old ones either. `event_horizon()` is the first id a running
-- transaction may still write: every event below it that will ever commit has committed, so a reader that
-- takes only events below it, in id order, never meets a smaller id later. Both are replaced by later
-- migrations only with the same constant.
DO $migrate$
DECLARE
  base bigint := pg_snapshot_xmin(pg_current_snapshot())::text::bigint
    - ((SELECT coalesce(max(event_id), 0) FROM events) / 65536 + 1);
BEGIN
  EXECUTE format($f$
    CREATE FUNCTION next_event_id() RETURNS bigint LANGUAGE plpgsql VOLATILE AS $b$
    DECLARE
      n bigint := coalesce(nullif(current_setting('inbox.events_written', true), ''), '0')::bigint;
    BEGIN
      IF n >= 65536 THEN
        RAISE EXCEPTION 'one transaction writes at most 65,536 events';
      END IF;
      PERFORM set_config('inbox.events_written', (n + 1)::text, true);
      RETURN (pg_current_xact_id()::text::bigint - %1$s) * 65536 + n;
    END $b$ $f$, base);
  -- Transaction ids are the cluster's: a long transaction in another database (a bulk load, a bench's seed)
  -- is in every snapshot but can write no event here, so a running transaction of another database, by
  -- pg_stat_get_activity (pg_stat_activity without its joins), does not hold the horizon. One that has ended since the snapshot, or whose database
  -- cannot be told, does (nothing is skipped; the next read goes past it). The reader's own transaction does
  -- too, so it never reads its own uncommitted events.
  EXECUTE format($f$
    CREATE FUNCTION event_horizon() RETURNS bigint LANGUAGE sql STABLE AS $b$
      SELECT (least(
        (SELECT min(x) FROM pg_snapshot_xip(pg_current_snapshot()) x
          WHERE NOT EXISTS (SELECT FROM pg_stat_get_activity(NULL) a
            WHERE a.backend_xid = x::xid
              AND a.datid <> (SELECT oid FROM pg_database WHERE datname = current_database()))),
        pg_current_xact_id_if_assigned(),
        pg_snapshot_xmax(pg_current_snapshot()))::text::bigint - %1$s) * 65536
    $b$ $f$, base);
END $migrate$;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "event_id" SET DEFAULT next_event_id();--> statement-breakpoint
CREATE INDEX "events_company_idx" ON "events" USING btree ("company_id","event_id") WHERE type <> 'typing';--> statement-breakpoint
DROP FUNCTION "list_events_pending"(integer);--> statement-breakpoint
ALTER TABLE "list_versions" DROP COLUMN "event_id";--> statement-breakpoint
DROP SEQUENCE "public"."event_ids";
