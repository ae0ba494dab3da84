import type { CreateLabelBody, Label, UpdateLabelBody } from '@inbox/contract';
import { LABEL_SENTENCES } from '@inbox/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { labels } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import type { CompanyCtx, CompanyScope } from '../access/context.ts';
import { isSqlInt } from '../access/conversation-visibility.ts';
import { recordChange } from '../activities/service.ts';
import { eventActorOf, recordEvent } from '../events/record.ts';

type LabelRow = typeof labels.$inferSelect;

const toLabel = (r: LabelRow): Label => ({
  label_id: r.id,
  name: r.name,
  color: r.color,
  description: r.description,
  created_ts: r.createdAt.toISOString(),
  updated_ts: r.updatedAt.toISOString(),
});

/** Company admins and managers keep the list (contract section 13); everyone reads it. */
function requireLabelManager(ctx: CompanyCtx) {
  if (ctx.role === 'agent') throw forbidden('Only company admins and managers manage labels');
}

/** The company's labels, by name. */
export async function listLabels(scope: CompanyScope, search?: string): Promise<Label[]> {
  const rows = await scope.db
    .select()
    .from(labels)
    .where(
      and(
        eq(labels.companyId, scope.companyId),
        search ? sql`strpos(lower(${labels.name}), lower(${search})) > 0` : undefined,
      ),
    )
    .orderBy(sql`lower(${labels.name})`, labels.id);
  return rows.map(toLabel);
}

async function lockLabel(db: DbOrTx, companyId: number, id: number) {
  if (!isSqlInt(id)) throw notFound('Label');
  const [row] = await db
    .select()
    .from(labels)
    .where(and(eq(labels.id, id), eq(labels.companyId, companyId)))
    .for('update');
  if (!row) throw notFound('Label');
  return row;
}

/** A name another label of the company has, whatever its case, answers 409 on `name`. */
async function requireFreeName(db: DbOrTx, companyId: number, name: string, except?: number) {
  const [taken] = await db
    .select({ id: labels.id })
    .from(labels)
    .where(
      and(
        eq(labels.companyId, companyId),
        sql`lower(${labels.name}) = lower(${name})`,
        except === undefined ? undefined : sql`${labels.id} <> ${except}`,
      ),
    );
  if (taken) {
    throw new AppError('CONFLICT', LABEL_SENTENCES.taken, {
      details: { label_id: taken.id },
      fields: { name: [LABEL_SENTENCES.taken] },
    });
  }
}

/**
 * The company's label list changed: consoles refresh the names and colours they show (the event stream), and
 * the inbox lists cached under the old list version are recomputed (the event moves it).
 */
const catalogEvent = (
  ctx: CompanyCtx,
  type: 'label.created' | 'label.updated' | 'label.deleted',
  l: LabelRow,
) =>
  recordEvent(ctx.db, {
    type,
    companyId: ctx.companyId,
    actor: eventActorOf(ctx.actor),
    data: { label: { label_id: l.id, name: l.name, color: l.color } },
  });

export async function createLabel(ctx: CompanyCtx, body: CreateLabelBody): Promise<Label> {
  requireLabelManager(ctx);
  return ctx.db.transaction(async (tx) => {
    // Two creates of one name at once: the unique index decides, and the loser's insert waits then fails.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('labels'), ${ctx.companyId})`);
    await requireFreeName(tx, ctx.companyId, body.name);
    const [row] = await tx
      .insert(labels)
      .values({ companyId: ctx.companyId, name: body.name, color: body.color, description: body.description })
      .returning();
    const t = { ...ctx, db: tx };
    await catalogEvent(t, 'label.created', row!);
    await recordChange(tx, ctx.actor, ctx.companyId, 'label.created', row!.id, { name: row!.name });
    return toLabel(row!);
  });
}

export async function updateLabel(ctx: CompanyCtx, id: number, body: UpdateLabelBody): Promise<Label> {
  requireLabelManager(ctx);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('labels'), ${ctx.companyId})`);
    const before = await lockLabel(tx, ctx.companyId, id);
    if (body.name !== undefined) await requireFreeName(tx, ctx.companyId, body.name, id);
    const [row] = await tx
      .update(labels)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.color !== undefined ? { color: body.color } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(labels.id, id), eq(labels.companyId, ctx.companyId)))
      .returning();
    await catalogEvent({ ...ctx, db: tx }, 'label.updated', row!);
    await recordChange(tx, ctx.actor, ctx.companyId, 'label.updated', id, {
      name: row!.name,
      ...(before.name !== row!.name ? { from_name: before.name } : {}),
    });
    return toLabel(row!);
  });
}

/** Deletes a label: every conversation and customer loses it with it (ON DELETE CASCADE). */
export async function deleteLabel(ctx: CompanyCtx, id: number) {
  requireLabelManager(ctx);
  await ctx.db.transaction(async (tx) => {
    const row = await lockLabel(tx, ctx.companyId, id);
    await tx.delete(labels).where(and(eq(labels.id, id), eq(labels.companyId, ctx.companyId)));
    await catalogEvent({ ...ctx, db: tx }, 'label.deleted', row);
    await recordChange(tx, ctx.actor, ctx.companyId, 'label.deleted', id, { name: row.name });
  });
}

/**
 * The given label ids, all of the company (404 `Label` otherwise, as another company's record answers), with
 * their names for system lines and events. Locked in share mode, so a delete at the same moment waits for
 * the change that uses them.
 */
export async function requireLabels(scope: CompanyScope, ids: readonly number[]) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map<number, LabelRow>();
  if (!wanted.every(isSqlInt)) throw notFound('Label');
  const rows = await scope.db
    .select()
    .from(labels)
    .where(and(eq(labels.companyId, scope.companyId), sql`${labels.id} = any(${sql.param(wanted)}::int[])`))
    .for('share');
  if (rows.length !== wanted.length) throw notFound('Label');
  return new Map(rows.map((r) => [r.id, r]));
}
