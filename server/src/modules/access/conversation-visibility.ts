import type { CompanyRole } from '@inbox/contract';
import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { conversations } from '../../db/schema/index.ts';
import { anyOf } from '../../db/sql-helpers.ts';
import { statement } from '../../db/statement.ts';
import { notFound } from '../../http/app-error.ts';
import type { CallerCtx, CompanyCtx } from './context.ts';

/** Whose sight is being judged: the caller, or a user about to be assigned a conversation. */
export interface Viewer {
  companyId: number;
  userId: number;
  role: CompanyRole;
}

/**
 * What one user can see of a company's conversations (contract section 4), resolved to id lists so the
 * list query carries plain `= any(ids)` conditions the planner handles well on large inboxes:
 * - `all`: company admins and managers see everything;
 * - `fullAppIds`: apps where the user is app admin or manager (every queue, private ones included);
 * - `agentAppIds`: apps where the user is an agent: unassigned conversations of public queues there, and of
 *   no queue at all (the app's general inbox behaves like a public queue);
 * - `memberQueueIds`: queues the user belongs to, private or not, whoever the assignee;
 * - and whatever is assigned to the user.
 */
export interface Visibility {
  viewer: Viewer;
  all: boolean;
  fullAppIds: number[];
  agentAppIds: number[];
  memberQueueIds: number[];
  /** Public queues of `agentAppIds`. */
  publicQueueIds: number[];
}

/** A key has no user id: 0 matches no assignee. */
export const viewerOf = (ctx: CallerCtx): Viewer => ({
  companyId: ctx.companyId,
  userId: ctx.actor.type === 'user' ? ctx.actor.user.id : 0,
  role: ctx.role,
});

/**
 * An agent's reach as common table expressions ending in `reach`: one row of four id arrays (`full_apps`,
 * `agent_apps`, `member_queues`, `public_queues`, the fields of `Visibility`). App roles follow
 * `effectiveAppRole` for company agents: their app membership, or `agent` in an app where they only belong
 * to a queue. Written once for both ways it is read: alone (`loadVisibility`) and inside an agent's list
 * statement (`DeferredVisibility`).
 */
const reachCtes = (company: SQL, user: SQL) => sql`
  reach_memberships as (
    select app_id, role from app_members where company_id = ${company} and user_id = ${user}
  ), reach_queues_in as (
    select qm.queue_id, q.app_id from queue_members qm join queues q on q.id = qm.queue_id
    where qm.company_id = ${company} and qm.user_id = ${user}
  ), reach_agent_apps as (
    select app_id from reach_memberships where role = 'agent'
    union
    select app_id from reach_queues_in where app_id not in (select app_id from reach_memberships)
  ), reach as (
    select array(select app_id from reach_memberships where role in ('admin', 'manager')) as full_apps,
      array(select app_id from reach_agent_apps) as agent_apps,
      array(select queue_id from reach_queues_in) as member_queues,
      array(select q.id from queues q where q.app_id in (select app_id from reach_agent_apps)
        and q.company_id = ${company} and not q.is_private) as public_queues
  )`;

interface ReachRow {
  full_apps: number[];
  agent_apps: number[];
  member_queues: number[];
  public_queues: number[];
}

/**
 * The reach alone, compiled once and run prepared: every agent's action reads it, and PostgreSQL spent
 * longer planning these unions (0.3 ms) than running them (0.07 ms).
 */
const reachStatement = statement<ReachRow, { company: number; user: number }>(
  'agent_reach',
  sql`with ${reachCtes(sql`${sql.placeholder('company')}::int`, sql`${sql.placeholder('user')}::int`)}
    select full_apps, agent_apps, member_queues, public_queues from reach`,
);

/** An agent's reach, read now (see `reachCtes`). */
export async function loadVisibility(db: DbOrTx, viewer: Viewer): Promise<Visibility> {
  const base = { viewer, fullAppIds: [], agentAppIds: [], memberQueueIds: [], publicQueueIds: [] };
  if (viewer.role !== 'agent') return { ...base, all: true };
  const [row] = await reachStatement.rows(db, { company: viewer.companyId, user: viewer.userId });
  const ids = (list: number[] | undefined) => (list ?? []).map(Number);
  return {
    ...base,
    all: false,
    fullAppIds: ids(row?.full_apps),
    agentAppIds: ids(row?.agent_apps),
    memberQueueIds: ids(row?.member_queues),
    publicQueueIds: ids(row?.public_queues),
  };
}

/**
 * An agent's reach left to the list statement that uses it: the statement computes it first (`reachPrelude`)
 * and its condition reads the arrays from there, so an agent's poll is one round trip, as a company admin's
 * is, instead of the reach and then the list (bench/RESULTS.md, inbox notes). The ids never reach Node, so
 * nothing that tests one row in JavaScript (`covers`, an app filter's check, `can_delete`) can use it.
 */
export interface DeferredVisibility {
  viewer: Viewer;
  deferred: true;
}

/** What a list statement selects by: a reach read beforehand, or one it reads itself. */
export type ListSight = Visibility | DeferredVisibility;

/** The common table expressions a deferred reach's condition refers to; none for a reach read beforehand. */
export const reachPrelude = (v: ListSight): SQL | undefined =>
  'deferred' in v && v.viewer.role === 'agent'
    ? reachCtes(sql`${v.viewer.companyId}::int`, sql`${v.viewer.userId}::int`)
    : undefined;

/**
 * The SQL condition selecting, within the company, the conversations a `Visibility` covers; for a deferred
 * one, the conversations its statement's `reach` covers (the statement must start with `reachPrelude`).
 *
 * `opaque` hides the viewer's ids from the planner behind init plans (`(select $n)`), for a named statement
 * every viewer shares. PostgreSQL plans such a statement for its values five times, then keeps one generic
 * plan unless the values' plans looked cheaper. For an agent's open unassigned conversations they did (it
 * guessed 8 of the 475 rows), so that poll was planned on every call: 0.5 ms of planning for 0.6 ms of work.
 * With the ids hidden, each plan is the generic one and is planned once per connection (bench/RESULTS.md).
 * A deferred reach is always opaque: its ids are read by the statement itself.
 */
export function visibilityCondition(v: ListSight, opts: { opaque?: boolean } = {}): SQL {
  const company = eq(conversations.companyId, v.viewer.companyId);
  type IdColumn = typeof conversations.appId | typeof conversations.queueId;
  type Field = keyof ReachRow;
  if ('deferred' in v) {
    // Company admins and managers see the whole company, as a reach read beforehand says (`all`).
    if (v.viewer.role !== 'agent') return company;
    // The cast makes the subquery an array expression: `= any (subquery)` alone compares row by row.
    const inReach = (column: IdColumn, field: Field) =>
      sql`${column} = any((select ${sql.raw(field)} from reach)::int[])`;
    return and(
      company,
      reachOf(sql`${conversations.assignedUserId} = (select ${v.viewer.userId}::int)`, inReach, () => true),
    ) as SQL;
  }
  if (v.all) return company;
  const values: Record<Field, number[]> = {
    full_apps: v.fullAppIds,
    agent_apps: v.agentAppIds,
    member_queues: v.memberQueueIds,
    public_queues: v.publicQueueIds,
  };
  const inList = (column: IdColumn, field: Field) =>
    opts.opaque
      ? sql`${column} = any((select ${sql.param(values[field])}::int[])::int[])`
      : anyOf(column, values[field], 'int');
  const me = opts.opaque
    ? sql`${conversations.assignedUserId} = (select ${v.viewer.userId}::int)`
    : eq(conversations.assignedUserId, v.viewer.userId);
  // An empty list adds no branch: the condition stays as short as the agent's reach.
  return and(
    company,
    reachOf(me, inList, (field) => values[field].length > 0),
  ) as SQL;
}

/** The rule of `Visibility` as SQL: assigned to the viewer, or in reach through an app or a queue. */
function reachOf(
  me: SQL,
  inReach: (column: typeof conversations.appId | typeof conversations.queueId, field: keyof ReachRow) => SQL,
  has: (field: keyof ReachRow) => boolean,
): SQL {
  const reach: SQL[] = [me];
  if (has('full_apps')) reach.push(inReach(conversations.appId, 'full_apps'));
  if (has('member_queues')) reach.push(inReach(conversations.queueId, 'member_queues'));
  if (has('agent_apps')) {
    const openQueue = has('public_queues')
      ? or(isNull(conversations.queueId), inReach(conversations.queueId, 'public_queues'))
      : isNull(conversations.queueId);
    reach.push(
      and(inReach(conversations.appId, 'agent_apps'), isNull(conversations.assignedUserId), openQueue) as SQL,
    );
  }
  return or(...reach) as SQL;
}

/**
 * The caller's visibility: a user's by the rules above; an API key's is every conversation of the apps its
 * grants cover (as an app manager's), and no user id, so nothing is "assigned to" it.
 */
export async function callerVisibility(ctx: CallerCtx, db: DbOrTx = ctx.db): Promise<Visibility> {
  if (ctx.actor.type === 'user') return loadVisibility(db, viewerOf(ctx));
  return {
    viewer: { companyId: ctx.companyId, userId: 0, role: 'agent' },
    all: false,
    fullAppIds: ctx.actor.appIds,
    agentAppIds: [],
    memberQueueIds: [],
    publicQueueIds: [],
  };
}

/** The condition for lists: `db.select().from(conversations).where(and(await visibleConversationsWhere(ctx, db), ...))`. */
export async function visibleConversationsWhere(ctx: CompanyCtx, db: DbOrTx): Promise<SQL> {
  return visibilityCondition(await loadVisibility(db, viewerOf(ctx)));
}

export type ConversationRow = typeof conversations.$inferSelect;

/** Whether a resolved visibility covers one conversation row (same rule as `visibilityCondition`). */
export function covers(
  v: Visibility,
  c: Pick<ConversationRow, 'companyId' | 'appId' | 'queueId' | 'assignedUserId'>,
): boolean {
  if (c.companyId !== v.viewer.companyId) return false;
  if (v.all || c.assignedUserId === v.viewer.userId) return true;
  if (v.fullAppIds.includes(c.appId)) return true;
  if (c.queueId !== null && v.memberQueueIds.includes(c.queueId)) return true;
  return (
    v.agentAppIds.includes(c.appId) &&
    c.assignedUserId === null &&
    (c.queueId === null || v.publicQueueIds.includes(c.queueId))
  );
}

/**
 * Whether a user can work the conversation's queue regardless of who holds it now: the test for assigning
 * or transferring to that user (an assignee must keep seeing it through its queue, not only through the
 * assignment itself).
 */
export function coversQueue(v: Visibility, appId: number, queueId: number | null): boolean {
  if (v.all || v.fullAppIds.includes(appId)) return true;
  if (queueId !== null && v.memberQueueIds.includes(queueId)) return true;
  return v.agentAppIds.includes(appId) && (queueId === null || v.publicQueueIds.includes(queueId));
}

/**
 * The conversation when the caller can see it; 404 NOT_FOUND for another company's, a missing one, or one
 * out of the caller's sight (its existence is not revealed). Pass `forUpdate` inside a transaction to lock it.
 */
export async function requireVisibleConversation(
  ctx: CallerCtx,
  db: DbOrTx,
  conversationId: number,
  opts: { forUpdate?: boolean } = {},
): Promise<ConversationRow> {
  if (!isSqlInt(conversationId)) throw notFound('Conversation');
  const q = db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.companyId, ctx.companyId)))
    .limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  if (!row) throw notFound('Conversation');
  if (ctx.actor.type === 'user' && (ctx.role !== 'agent' || row.assignedUserId === ctx.actor.user.id)) {
    return row;
  }
  if (!covers(await callerVisibility(ctx, db), row)) throw notFound('Conversation');
  return row;
}

/** Ids beyond the integer column's range cannot exist; asking the database would fail instead of missing. */
export const isSqlInt = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;
