import type { Conversation, LabelChange } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import { type Actor, actorUserId, type CallerCtx, type CompanyScope, inTx } from '../access/context.ts';
import {
  callerVisibility,
  isSqlInt,
  type Visibility,
  visibilityCondition,
} from '../access/conversation-visibility.ts';
import { actorDetails } from '../activities/service.ts';
import { eventActorOf, eventInsert } from '../events/record.ts';
import { requireLabels } from '../labels/service.ts';
import { actorLabel } from './change.ts';
import { conversationStateSql } from './state.ts';
import { conversationView } from './views.ts';
import { CONV_RETURNING, messageWrite } from './write-statement.ts';

/** What a label change did to one conversation: the labels put on and taken off (ids), none when nothing changed. */
export interface ConversationLabelsChanged {
  conversationId: number;
  added: number[];
  removed: number[];
}

/** The answer of a change over many conversations: those changed, and those out of the caller's sight. */
export interface ConversationsLabelsResult {
  /** Conversations the caller can see: each with what changed (empty lists when it already was so). */
  seen: ConversationLabelsChanged[];
  /** Ids the caller cannot see, or that do not exist (the same answer: `NOT_FOUND`). */
  notFound: number[];
}

/**
 * Puts labels on and takes labels off many conversations in one statement (contract section 13), each as
 * its single call would: only conversations `v` covers (the others are reported in `notFound`), each row
 * locked in id order, and for each conversation that changed, the console-only system line ("Label VIP
 * added by Olivia", through `messageWrite`, the one message insert, which moves its latest activity as
 * every system line does), one `conversation.labels_changed` event with the labels it carries afterwards,
 * and the activity. A label in both `add` and `remove` is taken off. Every label id must be the company's
 * (404 `Label` otherwise, before anything is written). Inside the caller's transaction when `db` is one.
 *
 * Its cost does not grow in round trips with the number of conversations: this is what the bulk action
 * calls for `labels {add, remove}`.
 */
export async function changeConversationsLabels(
  scope: CompanyScope,
  actor: Actor,
  v: Visibility,
  conversationIds: readonly number[],
  edit: LabelChange,
): Promise<ConversationsLabelsResult> {
  const ids = [...new Set(conversationIds)];
  const valid = ids.filter(isSqlInt);
  const remove = [...new Set(edit.remove)];
  const add = [...new Set(edit.add)].filter((id) => !remove.includes(id));
  await requireLabels(scope, [...add, ...remove]);
  if (valid.length === 0) return { seen: [], notFound: ids };
  const event = eventActorOf(actor);
  const impersonator = actor.type === 'user' ? (actor.impersonator?.id ?? null) : null;
  const details = actor.type === 'user' ? {} : { actor: actorDetails(actor) };
  const by = actorLabel(actor);
  const res = await scope.db.execute<{ id: number; added: number[] | null; removed: number[] | null }>(sql`
    with target as (
      -- A join on the list, so the planner reads each id by its key whatever the list's length (an
      -- \`= any(array)\` of a thousand ids was estimated as a scan of the company's conversations).
      select conversations.id from unnest(${sql.param(valid)}::int[]) as ids(id)
      join conversations on conversations.id = ids.id
      where ${visibilityCondition(v)}
      order by conversations.id for update of conversations
    ), removed as (
      delete from conversation_labels cl using target t
      where cl.conversation_id = t.id and cl.label_id = any(${sql.param(remove)}::int[])
      returning cl.conversation_id, cl.label_id
    ), added as (
      insert into conversation_labels (company_id, conversation_id, label_id)
      select ${scope.companyId}::int, t.id, l.id from target t cross join unnest(${sql.param(add)}::int[]) as l(id)
      on conflict do nothing
      returning conversation_id, label_id
    ), moves as (
      select conversation_id as id, label_id, 'added' as way from added
      union all select conversation_id, label_id, 'removed' from removed
    ), diff as (
      select m.id,
        array_agg(m.label_id order by lower(l.name)) filter (where m.way = 'added') as added,
        array_agg(m.label_id order by lower(l.name)) filter (where m.way = 'removed') as removed,
        string_agg(l.name, ', ' order by lower(l.name)) filter (where m.way = 'added') as added_names,
        string_agg(l.name, ', ' order by lower(l.name)) filter (where m.way = 'removed') as removed_names,
        count(*) filter (where m.way = 'added') as n_added,
        count(*) filter (where m.way = 'removed') as n_removed
      from moves m join labels l on l.id = m.label_id
      group by m.id
    ), noted as (
      select d.*, concat_ws(' and ',
          case when d.n_added > 0 then
            (case when d.n_added > 1 then 'Labels ' else 'Label ' end) || d.added_names || ' added' end,
          case when d.n_removed > 0 then
            (case when d.n_added > 0 then 'label' else 'Label' end) || (case when d.n_removed > 1 then 's ' else ' ' end)
            || d.removed_names || ' removed' end) || ' by ' || ${by}::text as note,
        -- The labels it carries afterwards: the statement reads the rows as they were before it.
        (select coalesce(jsonb_agg(jsonb_build_object('label_id', l.id, 'name', l.name, 'color', l.color)
            order by lower(l.name), l.id), '[]'::jsonb)
          from labels l
          where l.id in (select cl.label_id from conversation_labels cl where cl.conversation_id = d.id)
            and not l.id = any(coalesce(d.removed, '{}'))
            or l.id = any(coalesce(d.added, '{}'))) as labels_after
      from diff d
    ), conv as (
      update conversations c set last_activity_at = now()
      from noted n
      where c.id = n.id and c.company_id = ${scope.companyId}
      returning ${CONV_RETURNING}, n.note, n.added, n.removed, n.labels_after
    ), ${messageWrite({
      senderType: 'system',
      senderUserId: null,
      impersonatorUserId: impersonator,
      content: sql`conv.note`,
      contentType: 'text',
      isPrivate: true,
      clientMessageId: null,
      actorKey: 'system',
    })}, labels_ev as (
      ${eventInsert}
      select 'conversation.labels_changed', conv.company_id, conv.app_id, conv.id, conv.customer_id,
        ${event.type}::text, ${event.id ?? null}::int,
        jsonb_build_object('added', to_jsonb(coalesce(conv.added, '{}')),
          'removed', to_jsonb(coalesce(conv.removed, '{}')), 'labels', conv.labels_after,
          'conversation', ${conversationStateSql('conv')})
      from conv
    ), logged as (
      insert into activities (company_id, actor_user_id, impersonator_user_id, action, entity_type, entity_id,
        details)
      select conv.company_id, ${actorUserId(actor)}::int, ${impersonator}::int, 'conversation.labels_changed',
        'conversation', conv.id::text,
        jsonb_build_object('number', conv.number, 'added', to_jsonb(coalesce(conv.added, '{}')),
          'removed', to_jsonb(coalesce(conv.removed, '{}')), 'note', conv.note)
          || ${JSON.stringify(details)}::jsonb
      from conv
    )
    select t.id, conv.added, conv.removed from target t left join conv on conv.id = t.id order by t.id`);
  const seen = res.rows.map((r) => ({
    conversationId: Number(r.id),
    added: (r.added ?? []).map(Number),
    removed: (r.removed ?? []).map(Number),
  }));
  const found = new Set(seen.map((s) => s.conversationId));
  return { seen, notFound: ids.filter((id) => !found.has(id)) };
}

/**
 * One conversation's labels (`POST /conversation/labels`): anyone who can see the conversation. Throws the
 * AppError the route answers (404 `Conversation` out of sight, 404 `Label` for a label not of the company),
 * and writes nothing then. Inside `tx` when given (the bulk action may call it per conversation); otherwise
 * in its own transaction.
 */
export async function changeConversationLabels(
  ctx: CallerCtx,
  conversationId: number,
  edit: LabelChange,
  tx?: DbOrTx,
): Promise<ConversationLabelsChanged> {
  const run = async (db: DbOrTx) => {
    const v = await callerVisibility(ctx, db);
    const { seen } = await changeConversationsLabels(inTx(ctx, db), ctx.actor, v, [conversationId], edit);
    if (seen.length === 0) throw notFound('Conversation');
    return seen[0]!;
  };
  return tx ? run(tx) : ctx.db.transaction(run);
}

/** The route: the change, then the conversation as it is afterwards. */
export async function labelConversation(
  ctx: CallerCtx,
  input: LabelChange & { conversation_id: number },
): Promise<Conversation> {
  await changeConversationLabels(ctx, input.conversation_id, input);
  return conversationView(ctx.db, await callerVisibility(ctx), input.conversation_id);
}
