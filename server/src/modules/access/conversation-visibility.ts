import type { CompanyRole } from '@inbox/contract';
import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { conversations } from '../../db/schema/index.ts';
import { anyOf, hiddenValue } from '../../db/sql-helpers.ts';
import { statement } from '../../db/statement.ts';
import { notFound } from '../../http/app-error.ts';
import type { CallerCtx, CompanyCtx, ReachRow } from './context.ts';

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

/** The agent's reach as rows of `ReachRow`, for the user and company these two SQL values name. */
const reachRows = (company: SQL, user: SQL) => sql`
    with memberships as (
      select app_id, role from app_members where company_id = ${company} and user_id = ${user}
    ), queues_in as (
      select qm.queue_id, q.app_id from queue_members qm join queues q on q.id = qm.queue_id
      where qm.company_id = ${company} and qm.user_id = ${user}
    ), agent_apps as (
      select app_id from memberships where role = 'agent'
      union
      select app_id from queues_in where app_id not in (select app_id from memberships)
    )
    select 'full' as kind, app_id as id from memberships where role in ('admin', 'manager')
    union all select 'agent', app_id from agent_apps
    union all select 'queue', queue_id from queues_in
    union all select 'public', q.id from queues q
      where q.app_id in (select app_id from agent_apps) and q.company_id = ${company} and not q.is_private`;

/**
 * The same reach as one JSON value (`[[kind, id], ...]`), for the session lookup to read with the caller's
 * membership when the process does not know it already (`session-reach.ts`, `CompanyCtx.reach`): an
 * agent's poll then pays no statement of its own for it, about a tenth of the poll (bench/RESULTS.md).
 */
export const reachJson = (company: SQL, user: SQL) =>
  sql`(select coalesce(json_agg(json_build_array(r.kind, r.id)), '[]'::json) from (${reachRows(company, user)}) r)`;

/**
 * An agent's reach in one statement, compiled once and run prepared: every agent's poll and action reads it,
 * and PostgreSQL spent longer planning these four unions (0.3 ms) than running them (0.07 ms).
 */
const reachStatement = statement<ReachRow, { company: number; user: number }>(
  'agent_reach',
  reachRows(sql`${sql.placeholder('company')}::int`, sql`${sql.placeholder('user')}::int`),
);

/** A resolved reach (`ReachRow`s) as the `Visibility` of the agent it belongs to. */
export function agentVisibility(viewer: Viewer, rows: readonly ReachRow[]): Visibility {
  const ids = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => Number(r.id));
  return {
    viewer,
    all: false,
    fullAppIds: ids('full'),
    agentAppIds: ids('agent'),
    memberQueueIds: ids('queue'),
    publicQueueIds: ids('public'),
  };
}

/**
 * An agent's reach (the poll's hot path). App roles follow `effectiveAppRole` for company agents: their app
 * membership, or `agent` in an app where they only belong to a queue.
 */
export async function loadVisibility(db: DbOrTx, viewer: Viewer): Promise<Visibility> {
  if (viewer.role !== 'agent') {
    return { viewer, all: true, fullAppIds: [], agentAppIds: [], memberQueueIds: [], publicQueueIds: [] };
  }
  return agentVisibility(viewer, await agentReach(db, viewer.companyId, viewer.userId));
}

/** An agent's reach rows, read on their own (the session lookup reads them with the session). */
export const agentReach = (db: DbOrTx, companyId: number, userId: number): Promise<ReachRow[]> =>
  reachStatement.rows(db, { company: companyId, user: userId });

/** An id, and a list of ids, behind an init plan: the planner plans for any value (see `visibilityCondition`). */
const hiddenId = (id: number) => hiddenValue(id, 'int');
const hiddenIds = (ids: readonly number[]) => sql`${hiddenValue(ids, 'int[]')}::int[]`;

/**
 * The SQL condition selecting, within the company, the conversations a resolved `Visibility` covers.
 *
 * `opaque` hides the viewer's ids from the planner behind init plans (`(select $n)`), for a named statement
 * every viewer shares. PostgreSQL plans such a statement for its values five times, then keeps one generic
 * plan unless the values' plans looked cheaper. For an agent's open unassigned conversations they did (it
 * guessed 8 of the 475 rows), so that poll was planned on every call: 0.5 ms of planning for 0.6 ms of work.
 * With the ids hidden, each plan is the generic one and is planned once per connection (bench/RESULTS.md).
 */
export function visibilityCondition(v: Visibility, opts: { opaque?: boolean } = {}): SQL {
  const company = eq(conversations.companyId, v.viewer.companyId);
  if (v.all) return company;
  const ids = (column: typeof conversations.appId | typeof conversations.queueId, values: number[]) =>
    opts.opaque ? sql`${column} = any(${hiddenIds(values)})` : anyOf(column, values, 'int');
  const me = opts.opaque
    ? sql`${conversations.assignedUserId} = ${hiddenId(v.viewer.userId)}`
    : eq(conversations.assignedUserId, v.viewer.userId);
  const reach: SQL[] = [me];
  if (v.fullAppIds.length) reach.push(ids(conversations.appId, v.fullAppIds));
  if (v.memberQueueIds.length) reach.push(ids(conversations.queueId, v.memberQueueIds));
  if (v.agentAppIds.length) {
    const openQueue = v.publicQueueIds.length
      ? or(isNull(conversations.queueId), ids(conversations.queueId, v.publicQueueIds))
      : isNull(conversations.queueId);
    reach.push(
      and(ids(conversations.appId, v.agentAppIds), isNull(conversations.assignedUserId), openQueue) as SQL,
    );
  }
  return and(company, or(...reach)) as SQL;
}

/** Most parts `reachBranches` splits a reach into: each part is one more walk to start and merge. */
const MAX_REACH_BRANCHES = 8;

/**
 * An agent's reach as disjoint parts whose union is `visibilityCondition`'s, each of which one index walks in
 * the list's order: what is assigned to the agent (`conversations_assigned_idx`); each of the agent's queues,
 * assigned to someone else or no one (`conversations_queue_idx`); each app the agent works in as an agent,
 * unassigned and in no queue or a public queue the agent is not a member of (`conversations_unassigned_idx`).
 * Undefined where parts do not fit: a viewer who sees everything or a whole app (no index walks an app's
 * conversations in order), or a reach of more than `MAX_REACH_BRANCHES` parts. The ids are hidden behind
 * init plans, as `visibilityCondition`'s `opaque` hides them: the page is a named statement every agent with
 * a reach of the same shape shares.
 */
export function reachBranches(v: Visibility): SQL[] | undefined {
  if (v.all || v.fullAppIds.length > 0) return undefined;
  if (1 + v.memberQueueIds.length + v.agentAppIds.length > MAX_REACH_BRANCHES) return undefined;
  const company = eq(conversations.companyId, v.viewer.companyId);
  const me = hiddenId(v.viewer.userId);
  const parts = [and(company, sql`${conversations.assignedUserId} = ${me}`) as SQL];
  for (const queueId of v.memberQueueIds) {
    parts.push(
      and(
        company,
        sql`${conversations.queueId} = ${hiddenId(queueId)}`,
        sql`${conversations.assignedUserId} is distinct from ${me}`,
      ) as SQL,
    );
  }
  // A member queue's conversations are its own part's already.
  const publicQueue = v.memberQueueIds.length
    ? sql`(${conversations.queueId} = any(${hiddenIds(v.publicQueueIds)}) and ${conversations.queueId} <> all(${hiddenIds(v.memberQueueIds)}))`
    : sql`${conversations.queueId} = any(${hiddenIds(v.publicQueueIds)})`;
  const openQueue = v.publicQueueIds.length
    ? (or(isNull(conversations.queueId), publicQueue) as SQL)
    : isNull(conversations.queueId);
  for (const appId of v.agentAppIds) {
    parts.push(
      and(
        company,
        sql`${conversations.appId} = ${hiddenId(appId)}`,
        isNull(conversations.assignedUserId),
        openQueue,
      ) as SQL,
    );
  }
  return parts;
}

/**
 * The caller's visibility: a user's by the rules above; an API key's is every conversation of the apps its
 * grants cover (as an app manager's), and no user id, so nothing is "assigned to" it.
 */
export async function callerVisibility(ctx: CallerCtx, db: DbOrTx = ctx.db): Promise<Visibility> {
  if (ctx.actor.type === 'user') {
    // The reach the session lookup settled, unless the caller reads in a transaction of its own: then
    // the transaction's snapshot decides.
    const viewer = viewerOf(ctx);
    return ctx.reach && viewer.role === 'agent' && db === ctx.db
      ? agentVisibility(viewer, ctx.reach)
      : loadVisibility(db, viewer);
  }
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
  return visibilityCondition(await callerVisibility(ctx, db));
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
