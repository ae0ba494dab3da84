import type { AutoResponder, CreateAutoResponderBody, UpdateAutoResponderBody } from '@inbox/contract';
import { and, asc, eq } from 'drizzle-orm';
import { autoResponders, queues } from '../../db/schema/index.ts';
import { invalidField, notFound } from '../../http/app-error.ts';
import type { CompanyCtx } from '../access/context.ts';
import { recordChange } from '../activities/service.ts';
import { appInReach } from '../apps/service.ts';

type Row = typeof autoResponders.$inferSelect;

const toResponder = (r: Row): AutoResponder => ({
  auto_responder_id: r.id,
  app_id: r.appId,
  queue_id: r.queueId,
  name: r.name,
  trigger: r.trigger,
  delay_minutes: r.delayMinutes,
  keywords: r.keywords,
  message: r.message,
  is_active: r.isActive,
  created_ts: r.createdAt.toISOString(),
  updated_ts: r.updatedAt.toISOString(),
});

/** Reading and changing responders is for the app's managers and admins (contract section 4). */
const ROLE = 'manager' as const;

export async function listResponders(ctx: CompanyCtx, appId: number) {
  await appInReach(ctx, appId, ROLE);
  const rows = await ctx.db
    .select()
    .from(autoResponders)
    .where(and(eq(autoResponders.companyId, ctx.companyId), eq(autoResponders.appId, appId)))
    .orderBy(asc(autoResponders.name), asc(autoResponders.id));
  return rows.map(toResponder);
}

/** The responder, in an app the caller manages; any other id answers 404 as a missing one does. */
async function responderInReach(ctx: CompanyCtx, id: number) {
  const [row] = await ctx.db
    .select()
    .from(autoResponders)
    .where(and(eq(autoResponders.id, id), eq(autoResponders.companyId, ctx.companyId)))
    .limit(1);
  if (!row) throw notFound('Auto-responder');
  await appInReach(ctx, row.appId, ROLE).catch((err) => {
    // An app the caller cannot see hides its responders too.
    throw err?.status === 404 ? notFound('Auto-responder') : err;
  });
  return row;
}

export async function getResponder(ctx: CompanyCtx, id: number) {
  return toResponder(await responderInReach(ctx, id));
}

/** A queue of the responder's app, or 422 on the field. */
async function checkQueue(ctx: CompanyCtx, appId: number, queueId: number | null | undefined) {
  if (queueId == null) return;
  const [queue] = await ctx.db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.id, queueId), eq(queues.appId, appId), eq(queues.companyId, ctx.companyId)))
    .limit(1);
  if (!queue) throw invalidField('queue_id', 'Choose a queue of this app');
}

/** Keywords are matched case-insensitively as whole words: stored lower-cased, each once. */
const cleanKeywords = (keywords: string[] | undefined) =>
  keywords === undefined ? undefined : [...new Set(keywords.map((k) => k.toLowerCase()))];

export async function createResponder(ctx: CompanyCtx, input: CreateAutoResponderBody) {
  const { app } = await appInReach(ctx, input.app_id, ROLE);
  await checkQueue(ctx, app.id, input.queue_id);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(autoResponders)
      .values({
        companyId: ctx.companyId,
        appId: app.id,
        queueId: input.queue_id ?? null,
        name: input.name,
        trigger: input.trigger,
        delayMinutes: input.delay_minutes ?? 0,
        keywords: cleanKeywords(input.keywords) ?? [],
        message: input.message,
        isActive: input.is_active ?? true,
      })
      .returning();
    await recordChange(tx, ctx.actor, ctx.companyId, 'auto_responder.created', row!.id, {
      name: input.name,
      app_id: app.id,
      trigger: input.trigger,
    });
    return toResponder(row!);
  });
}

export async function updateResponder(ctx: CompanyCtx, id: number, input: UpdateAutoResponderBody) {
  const current = await responderInReach(ctx, id);
  await checkQueue(ctx, current.appId, input.queue_id);
  const trigger = input.trigger ?? current.trigger;
  const delay = input.delay_minutes ?? current.delayMinutes;
  const keywords = cleanKeywords(input.keywords) ?? current.keywords;
  if (trigger === 'no_agent_reply' && delay < 1)
    throw invalidField('delay_minutes', 'Give a delay of at least 1 minute');
  if (trigger === 'keyword' && keywords.length === 0)
    throw invalidField('keywords', 'Give at least one keyword');
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(autoResponders)
      .set({
        queueId: input.queue_id,
        name: input.name,
        trigger: input.trigger,
        delayMinutes: input.delay_minutes,
        keywords: cleanKeywords(input.keywords),
        message: input.message,
        isActive: input.is_active,
        updatedAt: new Date(),
      })
      .where(and(eq(autoResponders.id, id), eq(autoResponders.companyId, ctx.companyId)))
      .returning();
    await recordChange(tx, ctx.actor, ctx.companyId, 'auto_responder.updated', id, {
      name: row!.name,
      fields: Object.keys(input),
    });
    return toResponder(row!);
  });
}

export async function deleteResponder(ctx: CompanyCtx, id: number) {
  const current = await responderInReach(ctx, id);
  await ctx.db.transaction(async (tx) => {
    // Its pending answers go with it (the runs cascade).
    await tx
      .delete(autoResponders)
      .where(and(eq(autoResponders.id, id), eq(autoResponders.companyId, ctx.companyId)));
    await recordChange(tx, ctx.actor, ctx.companyId, 'auto_responder.deleted', id, {
      name: current.name,
      app_id: current.appId,
    });
  });
}
