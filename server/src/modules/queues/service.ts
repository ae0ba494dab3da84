import type { CreateQueueBody, Paging, Queue, UpdateQueueBody } from '@inbox/contract';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queueMembers, queues } from '../../db/schema/index.ts';
import { countOf, type Page, pageByName, pageOf, qualified } from '../../db/sql-helpers.ts';
import { notFound } from '../../http/app-error.ts';
import { type Actor, type CompanyScope, inTx, type PlatformCtx } from '../access/context.ts';
import { recordChange } from '../activities/service.ts';
import type { AppRef } from '../apps/service.ts';
import { changeConversations } from '../conversations/bulk-change.ts';
import { actorLabel } from '../conversations/change.ts';

export interface QueueRef {
  id: number;
  companyId: number;
  appId: number;
  name: string;
  isPrivate: boolean;
}

const queueColumns = {
  id: queues.id,
  appId: queues.appId,
  companyId: queues.companyId,
  name: queues.name,
  description: queues.description,
  isPrivate: queues.isPrivate,
  isActive: queues.isActive,
  createdAt: queues.createdAt,
  membersCount: countOf(queueMembers.queueId, queues.id),
};

type QueueRow = {
  id: number;
  appId: number;
  companyId: number;
  name: string;
  description: string;
  isPrivate: boolean;
  isActive: boolean;
  createdAt: Date;
  membersCount: number;
};

const toQueue = (r: QueueRow): Queue => ({
  queue_id: r.id,
  queue_name: r.name,
  app_id: r.appId,
  company_id: r.companyId,
  description: r.description,
  is_private: r.isPrivate,
  is_active: r.isActive,
  members_count: r.membersCount,
  created_at: r.createdAt.toISOString(),
});

export interface QueueFilters extends Paging {
  id?: number;
  appId?: number;
  /** Extra condition, such as the caller's sight on the company side. */
  where?: SQL;
}

/**
 * The one queue-list query, for the company side (what the caller can see) and the platform side (all, or
 * one company's). Only a platform call may name a company: a company scope always lists its own.
 */
export async function listQueues(scope: CompanyScope, f: QueueFilters): Promise<Page<Queue>>;
export async function listQueues(
  p: PlatformCtx,
  f: QueueFilters & { companyId?: number },
): Promise<Page<Queue>>;
export async function listQueues(
  scope: CompanyScope | PlatformCtx,
  f: QueueFilters & { companyId?: number },
): Promise<Page<Queue>> {
  const { db } = scope;
  const companyId = 'companyId' in scope ? scope.companyId : f.companyId;
  const where = and(
    f.id === undefined ? undefined : eq(queues.id, f.id),
    companyId === undefined ? undefined : eq(queues.companyId, companyId),
    f.appId === undefined ? undefined : eq(queues.appId, f.appId),
    f.where,
  );
  const query = db.select(queueColumns).from(queues).where(where).$dynamic();
  const { rows, total } = await pageByName(db, query, [queues.name, queues.id], f);
  return pageOf(rows.map(toQueue), total, f);
}

/**
 * Which queues a user sees: every queue of the apps it manages, and in apps where it is an agent the
 * public queues plus the private ones it belongs to.
 */
export function queueSightCondition(userId: number, fullAppIds: number[], agentAppIds: number[]): SQL {
  const isMember = sql`exists (select 1 from ${queueMembers} where ${qualified(queueMembers.queueId)} = ${qualified(queues.id)} and ${qualified(queueMembers.userId)} = ${userId})`;
  const parts = [
    fullAppIds.length ? inArray(queues.appId, fullAppIds) : undefined,
    agentAppIds.length
      ? and(inArray(queues.appId, agentAppIds), or(eq(queues.isPrivate, false), isMember))
      : undefined,
  ].filter((p): p is SQL => !!p);
  return parts.length ? or(...parts)! : sql`false`;
}

const findRef = async (db: DbOrTx, where: SQL | undefined): Promise<QueueRef> => {
  const [row] = await db
    .select({
      id: queues.id,
      companyId: queues.companyId,
      appId: queues.appId,
      name: queues.name,
      isPrivate: queues.isPrivate,
    })
    .from(queues)
    .where(where)
    .limit(1);
  if (!row) throw notFound('Queue');
  return row;
};

/** One queue of the scope's company; another company's queue is "not found". */
export const findQueue = (scope: CompanyScope, queueId: number) =>
  findRef(scope.db, and(eq(queues.id, queueId), eq(queues.companyId, scope.companyId)));

/** A platform admin's lookup in any company; its `companyId` is the scope for what follows. */
export const findAnyQueue = (ctx: PlatformCtx, queueId: number) => findRef(ctx.db, eq(queues.id, queueId));

export async function getQueue(scope: CompanyScope, queueId: number): Promise<Queue> {
  const [row] = await scope.db
    .select(queueColumns)
    .from(queues)
    .where(and(eq(queues.id, queueId), eq(queues.companyId, scope.companyId)))
    .limit(1);
  if (!row) throw notFound('Queue');
  return toQueue(row);
}

export async function createQueue(
  scope: CompanyScope,
  actor: Actor,
  app: AppRef,
  input: Omit<CreateQueueBody, 'app_id'>,
): Promise<Queue> {
  return scope.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(queues)
      .values({
        companyId: scope.companyId,
        appId: app.id,
        name: input.queue_name,
        description: input.description,
        isPrivate: input.is_private,
        isActive: input.is_active,
      })
      .returning({ id: queues.id });
    await recordChange(tx, actor, scope.companyId, 'queue.created', row!.id, {
      app_id: app.id,
      queue_name: input.queue_name,
    });
    return getQueue(inTx(scope, tx), row!.id);
  });
}

export async function updateQueue(
  scope: CompanyScope,
  actor: Actor,
  queue: QueueRef,
  input: UpdateQueueBody,
): Promise<Queue> {
  return scope.db.transaction(async (tx) => {
    await tx
      .update(queues)
      .set({
        name: input.queue_name,
        description: input.description,
        isPrivate: input.is_private,
        isActive: input.is_active,
        updatedAt: new Date(),
      })
      .where(and(eq(queues.id, queue.id), eq(queues.companyId, scope.companyId)));
    await recordChange(tx, actor, scope.companyId, 'queue.updated', queue.id, { ...input });
    return getQueue(inTx(scope, tx), queue.id);
  });
}

/**
 * Members go with the queue. Its conversations, whatever their status, move out of it first into the app's
 * inbox without a queue, where the app's agents see them as they saw the queue's if it was public (decision
 * 044): one statement for all of them, with a `conversation.transferred` event and a line in each thread.
 * The queue row is locked first, so a transfer into it meanwhile waits and then finds no queue.
 */
export async function deleteQueue(scope: CompanyScope, actor: Actor, queue: QueueRef) {
  await scope.db.transaction(async (tx) => {
    const mine = and(eq(queues.id, queue.id), eq(queues.companyId, scope.companyId));
    await tx.select({ id: queues.id }).from(queues).where(mine).for('update');
    await changeConversations(inTx(scope, tx), actor, {
      which: sql`c.queue_id = ${queue.id}::int`,
      change: { queueId: null },
      record: {
        action: 'conversation.transferred',
        note: `Moved out of the queue ${queue.name}, which ${actorLabel(actor)} deleted`,
        details: { reason: 'queue deleted', queue_name: queue.name },
      },
    });
    await tx.delete(queues).where(mine);
    await recordChange(tx, actor, scope.companyId, 'queue.deleted', queue.id, {
      app_id: queue.appId,
      queue_name: queue.name,
    });
  });
}
