import {
  CONVERSATION_STATUSES,
  type ConsoleMessage,
  type ConversationPoll,
  type ConversationPollQuery,
  type ConversationStatus,
  PRIORITIES,
  type PriorityFilter,
  SLA_DUE_SOON_MINUTES,
  type SlaFilter,
  type Typing,
} from '@inbox/contract';
import { and, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { apps, conversations } from '../../db/schema/index.ts';
import { anyOf } from '../../db/sql-helpers.ts';
import { notFound } from '../../http/app-error.ts';
import type { CallerCtx, CompanyScope } from '../access/context.ts';
import { callerVisibility, isSqlInt, type Visibility } from '../access/conversation-visibility.ts';
import { cachedList, type ListAnswer } from './list-cache.ts';
import { listMessagePage, listMessages } from './list-messages.ts';
import { type MessageRow, type SenderNames, senderName, toMessage } from './message-rows.ts';
import { rankOf } from './priority.ts';
import { commonInMessages, fewSearchMatches, searchCondition } from './search.ts';
import { listOrder, slaKey } from './sorts.ts';
import { whoIsTyping } from './typing.ts';
import {
  type CountSides,
  listConversations,
  NOT_SNOOZED,
  placeOf,
  visibleConversationView,
} from './views.ts';

/** Console messages name the platform admin behind an impersonated reply or note: "Olivia (via Pat)". */
export const toConsoleMessage = (row: MessageRow, names: SenderNames): ConsoleMessage => ({
  ...toMessage(row, names),
  ...(row.impersonatorName && row.senderType === 'agent'
    ? { sender_name: `${senderName(row, names)} (via ${row.impersonatorName})` }
    : {}),
  is_private: row.isPrivate,
  sender_user_id: row.senderUserId,
  mentions: row.mentions ?? [],
  ...(row.deliveryStatus
    ? { delivery: { status: row.deliveryStatus, error: row.deliveryError ?? null } }
    : {}),
});

/**
 * The list counts at most this many conversations past the page's offset; beyond, `total` is offset + this
 * and `total_capped` is true. An exact count of a large inbox cost most of each poll's database time (46 ms
 * over 100,000 conversations), for a number no one reads to the last digit.
 */
export const TOTAL_CAP = 1000;

/**
 * A search (a common word) counts less far: its matches are tested row by row against the search and the
 * caller's reach, so counting to 1,000 cost several times the page itself (bench/RESULTS.md, inbox poll).
 * The list shows "200+", as search boxes of mature products do.
 */
export const SEARCH_TOTAL_CAP = 200;

/**
 * A page reached by its cursor and numbered past `TOTAL_CAP` counts on from its row only this far: every
 * counted row is walked, and for an agent's page after row 10,050 counting 1,000 rows cost 10 ms of SQL,
 * ten times the page (bench/RESULTS.md). Pages numbered within `TOTAL_CAP` keep an exact total.
 */
export const CURSOR_TOTAL_CAP = 200;

/**
 * The label filter: any of the labels, tested on the row's own copy of its labels (`label_ids`, kept by
 * triggers; decision 056), so a walk of the list tests the row it reads and needs no other table. The ids
 * are written into the text, as `statusIn` writes statuses (only integers reach it): PostgreSQL then knows
 * from the column's statistics how common each label is, and its cached plan walks the labelled
 * conversations (`conversations_labelled_idx`) for a common label and reads a rare one's through
 * `conversations_label_ids_idx`; with the ids as a parameter one generic plan had to serve both. The `&&`
 * alone implies both indexes' `label_ids is not null`, and is the only condition on the column: with a
 * second one (`<> '{}'`, when none was an empty array) PostgreSQL multiplied the two shares as if
 * independent and guessed a tenth of a label's conversations (111 for 1,040), so it sorted a rare label's
 * every conversation where the walk was cheaper. A label of another company matches nothing: none of the
 * caller's conversations can carry it (the tenant keys of `conversation_labels`). `one` is the label when
 * there is just one, whose total the label's groups give exactly.
 */
export function labelIn(labelIds: readonly number[]): { condition: SQL; one?: number } {
  const ids = [...new Set(labelIds.filter(isSqlInt))].sort((a, b) => a - b);
  if (ids.length === 0) return { condition: sql`false` };
  const condition = sql`${conversations.labelIds} && ${sql.raw(`'{${ids.join(',')}}'::int[]`)}`;
  return ids.length === 1 ? { condition, one: ids[0] } : { condition };
}

type Filters = Pick<
  ConversationPollQuery,
  'app_id' | 'queue_id' | 'status' | 'assigned_user_id' | 'label_id' | 'search' | 'priority' | 'sla'
>;

/**
 * The SLA filters (contract section 14) as a range of the soonest running due time, which
 * `conversations_sla_idx` orders: past it (`breached`), or within the next hour (`due_soon`). Both move with
 * the clock, so their lists are never served from the cache (`pollConversations`).
 */
function slaIn(filter: SlaFilter) {
  const key = sql.raw(slaKey('conversations'));
  if (filter === 'breached') return sql`${key} <= now()`;
  return sql`${key} > now() and ${key} <= now() + ${sql.raw(`interval '${SLA_DUE_SOON_MINUTES} minutes'`)}`;
}

/** An app filter outside the caller's sight answers 404, as any call on that app would. */
async function requireVisibleApp(db: DbOrTx, v: Visibility, appId: number) {
  if (v.fullAppIds.includes(appId) || v.agentAppIds.includes(appId)) return;
  if (v.all && isSqlInt(appId)) {
    const [app] = await db
      .select({ id: apps.id })
      .from(apps)
      .where(and(eq(apps.id, appId), eq(apps.companyId, v.viewer.companyId)));
    if (app) return;
  }
  throw notFound('App');
}

/**
 * A status filter with its statuses written into the text: they come from the closed list alone (at most
 * 15 texts), and PostgreSQL then knows how rare each is, so the cached plan is the one a custom plan would
 * choose; as a parameter the open inbox was planned on every poll (see `inText` in views.ts).
 */
function statusIn(statuses: readonly ConversationStatus[]) {
  const known = CONVERSATION_STATUSES.filter((s) => statuses.includes(s));
  return sql`${conversations.status} in (${sql.raw(known.map((s) => `'${s}'`).join(', '))})`;
}

/**
 * A priority filter, its ranks in the text as `statusIn` writes its statuses (a closed list); `none` is
 * the conversations without one.
 */
function priorityIn(wanted: readonly PriorityFilter[]) {
  const ranks = PRIORITIES.filter((p) => wanted.includes(p)).map((p) => rankOf(p));
  const some =
    ranks.length > 0 ? sql`${conversations.priority} in (${sql.raw(ranks.join(', '))})` : undefined;
  const none = wanted.includes('none') ? sql`${conversations.priority} is null` : undefined;
  return some && none ? sql`(${some} or ${none})` : (some ?? none ?? sql`false`);
}

/**
 * How a search is answered: its few matches collected first, or the list walked, testing each conversation's
 * messages when the word is common among messages (`searchCondition`).
 */
type SearchWay = { walk: false } | { walk: true; commonWord: boolean };

/**
 * The list filters as conditions, how their search (if any) is answered, the common table expressions
 * a walked search's condition refers to (`prelude`, see `searchCondition`), and that search's two sides
 * with the other filters, for its count (`sides`).
 */
export async function filterConditions(
  ctx: CallerCtx,
  v: Visibility,
  f: Filters,
): Promise<{
  conditions: SQL[];
  search?: SearchWay;
  prelude?: SQL;
  sides?: CountSides;
  /** The filter's one label (`labelIn`), for an exact total from its groups. */
  label?: number;
}> {
  const out: SQL[] = [];
  let search: SearchWay | undefined;
  let prelude: SQL | undefined;
  let sides: CountSides | undefined;
  if (f.app_id !== undefined) {
    await requireVisibleApp(ctx.db, v, f.app_id);
    out.push(eq(conversations.appId, f.app_id));
  }
  // An id beyond the integer columns matches nothing (asking the database would fail instead).
  const idIs = (column: typeof conversations.queueId | typeof conversations.assignedUserId, id: number) =>
    isSqlInt(id) ? eq(column, id) : sql`false`;
  if (f.queue_id !== undefined) out.push(idIs(conversations.queueId, f.queue_id));
  // Snoozed conversations are set aside: only a list that asks for them shows them (contract section 13).
  if (f.status?.length) out.push(statusIn(f.status));
  else out.push(NOT_SNOOZED);
  if (f.priority?.length) out.push(priorityIn(f.priority));
  if (f.sla) out.push(slaIn(f.sla));
  const who = f.assigned_user_id;
  if (who === 'me') out.push(idIs(conversations.assignedUserId, v.viewer.userId));
  else if (who === 'none') out.push(isNull(conversations.assignedUserId));
  else if (who === 'any') out.push(isNotNull(conversations.assignedUserId));
  else if (who !== undefined) out.push(idIs(conversations.assignedUserId, who));
  // Any of the labels; a label of another company matches nothing, as an unknown one does.
  let label: number | undefined;
  if (f.label_id?.length) {
    const labels = labelIn(f.label_id);
    out.push(labels.condition);
    label = labels.one;
  }
  if (f.search) {
    const few = await fewSearchMatches(ctx.db, ctx.companyId, f.search, TOTAL_CAP);
    if (few) {
      out.push(few.length > 0 ? anyOf(conversations.id, few, 'int') : sql`false`);
      search = { walk: false };
    } else {
      const commonWord = await commonInMessages(ctx.db, f.search);
      const match = searchCondition(ctx.companyId, f.search, commonWord);
      if (match?.sides) sides = { ...match.sides, filters: [...out] };
      if (match) out.push(match.condition);
      prelude = match?.prelude;
      search = { walk: true, commonWord };
    }
  }
  return { conditions: out, search, prelude, sides, label };
}

/** Who else is typing: other agents by name, and the customer. */
export async function typingOthers(scope: CompanyScope, conversationId: number, me: number) {
  const typing = await whoIsTyping(scope, conversationId);
  const out: Typing[] = typing.users
    .filter((u) => u.userId !== me)
    .map((u) => ({ user_id: u.userId, name: u.name }));
  if (typing.customer) out.push({ customer: true });
  return out;
}

/** The open thread's messages: new ones after `last_message_id`, else a page (the latest, or one further back). */
async function threadMessages(ctx: CallerCtx, conversationId: number, q: ConversationPollQuery) {
  const at = { db: ctx.db, companyId: ctx.companyId, conversationId };
  if (q.last_message_id !== undefined) {
    return { rows: await listMessages({ ...at, afterId: q.last_message_id, includePrivate: true }) };
  }
  return listMessagePage({ ...at, beforeId: q.before_message_id });
}

/**
 * The inbox poll: one page of the list and, when a conversation is open, that conversation, its messages
 * after `last_message_id` (or a page of them going back, see `ConversationPoll`; internal notes included)
 * and who is typing. An open conversation out of reach answers 404 like every other call on it. A user's
 * list comes from the cache while the company's lists are unchanged (`cachedList`); an API key's reach is
 * its grants, which the version does not follow, so its list is always computed (as every list is with
 * INBOX_LIST_CACHE=false).
 */
export async function pollConversations(ctx: CallerCtx, q: ConversationPollQuery): Promise<ConversationPoll> {
  const db = ctx.db;
  let visibility: Promise<Visibility> | undefined;
  const sight = () => {
    visibility ??= callerVisibility(ctx);
    return visibility;
  };
  const computeList = async (): Promise<ListAnswer> => {
    const v = await sight();
    const { conditions, search: way, prelude, sides, label } = await filterConditions(ctx, v, q);
    const search = Boolean(q.search?.trim());
    const fromTop = q.offset === 0 && q.after === undefined && q.before === undefined;
    const page = await listConversations(db, v, conditions, {
      limit: q.limit,
      offset: q.offset,
      after: q.after === undefined ? undefined : placeOf(q.after),
      before: q.before === undefined ? undefined : placeOf(q.before),
      countCap: search ? SEARCH_TOTAL_CAP : TOTAL_CAP,
      cursorCap: CURSOR_TOTAL_CAP,
      // A walked search's values are hidden from the planner (`searchCondition`): from the top of the list
      // its one generic plan serves every search. Deeper, its rows to skip are parameters, planned per call.
      // An id list (a search's few matches) is planned for its ids.
      search: search && !way?.walk,
      named: !way?.walk || fromTop,
      countInOrder: way?.walk === true && way.commonWord,
      prelude,
      sides,
      // Without a search the filters test only the columns conversations are counted by (decision 033), and
      // one label, which its own groups count (decision 056); priority, several labels and the SLA filters
      // are not among them, so their lists count row by row up to the cap.
      groupCount:
        way === undefined && !q.priority?.length && (!q.label_id?.length || label !== undefined) && !q.sla,
      groupLabel: label,
      order: listOrder(q.sort),
    });
    return {
      conversations: page.rows,
      total: page.total,
      ...(page.capped ? { total_capped: true } : {}),
      ...(page.next ? { next_cursor: page.next } : {}),
      ...(page.prev ? { prev_cursor: page.prev } : {}),
    };
  };
  const list =
    ctx.actor.type === 'user' && ctx.config.inboxListCache !== false && !q.sla
      ? await cachedList(
          db,
          { companyId: ctx.companyId, userId: ctx.actor.user.id, role: ctx.role, query: q },
          computeList,
        )
      : await computeList();
  if (q.conversation_id === undefined) return list;
  const v = await sight();
  const open = await visibleConversationView(db, v, q.conversation_id);
  const thread = await threadMessages(ctx, open.conversation_id, q);
  const names = { customer: open.customer.name, app: open.app_name };
  return {
    ...list,
    conversation: open,
    messages: thread.rows.map((r) => toConsoleMessage(r, names)),
    ...('hasOlder' in thread ? { has_older_messages: thread.hasOlder } : {}),
    typing: await typingOthers(ctx, open.conversation_id, v.viewer.userId),
  };
}
