import { type ConversationRating, RATING_SENTENCES, type RatingBody, type RatingPage } from '@inbox/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { isoFromDb } from '../../lib/timestamps.ts';
import { sha256 } from '../../lib/tokens.ts';
import { recordChange } from '../activities/service.ts';
import { conversationStateSql } from '../conversations/state.ts';
import { recordEvent } from '../events/record.ts';

interface RequestRow extends Record<string, unknown> {
  id: number;
  company_id: number;
  conversation_id: number;
  app_id: number;
  customer_id: number;
  customer_name: string;
  number: number;
  resolved_by_user_id: number | null;
  question: string;
  expired: boolean;
  score: number | null;
  comment: string | null;
  rated_at: Date | string | null;
  state: Record<string, unknown>;
  app_name: string;
  company_name: string;
}

/** Which request is meant: the portal's conversation (its latest resolution) or a rating link's token. */
export type RatingTarget = { conversationId: number; companyId: number } | { token: string };

function whereOf(target: RatingTarget): SQL {
  return 'token' in target
    ? sql`r.token_hash = ${sha256(target.token)}`
    : sql`r.conversation_id = ${target.conversationId} and r.company_id = ${target.companyId}`;
}

async function findRequest(db: DbOrTx, target: RatingTarget, lock: boolean) {
  if ('token' in target && (target.token.length === 0 || target.token.length > 200)) return undefined;
  const res = await db.execute<RequestRow>(sql`
    select r.id, r.company_id, r.conversation_id, c.app_id, c.customer_id, cu.name as customer_name, c.number,
      r.resolved_by_user_id, r.question, r.expires_at <= now() as expired, r.score, r.comment, r.rated_at,
      ${conversationStateSql('c')} as state, a.name as app_name, co.name as company_name
    from csat_requests r
    join conversations c on c.id = r.conversation_id and c.company_id = r.company_id
    join customers cu on cu.id = c.customer_id
    join apps a on a.id = c.app_id
    join companies co on co.id = r.company_id
    where ${whereOf(target)}
    order by r.id desc limit 1
    ${lock ? sql`for update of r` : sql``}`);
  return res.rows[0];
}

const ratingOf = (r: RequestRow): ConversationRating | null =>
  r.rated_at === null
    ? null
    : { score: Number(r.score), comment: r.comment, created_ts: isoFromDb(r.rated_at) };

const unknownLink = () => new AppError('NOT_FOUND', RATING_SENTENCES.notFound);

/** `GET /ratings/{token}`: what the rate page asks, and the rating when it was already given. */
export async function ratingPage(db: Db, token: string): Promise<RatingPage> {
  const r = await findRequest(db, { token }, false);
  if (!r) throw unknownLink();
  if (r.expired && r.rated_at === null) throw new AppError('RATING_EXPIRED', RATING_SENTENCES.expired);
  return { question: r.question, app_name: r.app_name, company_name: r.company_name, rating: ratingOf(r) };
}

/**
 * The customer's answer to a resolution's question (contract section 14): once per resolution (409 after),
 * within 7 days of it (410), written with its `conversation.rated` event and an activity in one transaction.
 * The request row is locked, so two answers at once give one rating and one 409.
 */
export async function rate(db: Db, target: RatingTarget, body: RatingBody): Promise<ConversationRating> {
  return db.transaction(async (tx) => {
    const r = await findRequest(tx, target, true);
    if (!r) throw 'token' in target ? unknownLink() : notFound('Rating request');
    if (r.rated_at !== null) throw new AppError('CONFLICT', RATING_SENTENCES.alreadyRated);
    if (r.expired) throw new AppError('RATING_EXPIRED', RATING_SENTENCES.expired);
    const res = await tx.execute<{ rated_at: Date | string }>(sql`
      update csat_requests set score = ${body.score}, comment = ${body.comment}, rated_at = now()
      where id = ${r.id} returning rated_at`);
    const rating = { score: body.score, comment: body.comment, created_ts: isoFromDb(res.rows[0]!.rated_at) };
    const companyId = Number(r.company_id);
    const conversationId = Number(r.conversation_id);
    const customerId = Number(r.customer_id);
    const resolvedBy = r.resolved_by_user_id === null ? null : Number(r.resolved_by_user_id);
    const state = r.state as { queue_id: number | null; assigned_user_id: number | null };
    await recordEvent(tx, {
      type: 'conversation.rated',
      companyId,
      appId: Number(r.app_id),
      conversationId,
      customerId,
      actor: { type: 'customer', id: customerId },
      data: {
        rating,
        resolved_by_user_id: resolvedBy,
        conversation: r.state,
        previous: { queue_id: state.queue_id, assigned_user_id: state.assigned_user_id },
      },
    });
    const actor = { type: 'customer' as const, customerId, name: r.customer_name };
    await recordChange(tx, actor, companyId, 'conversation.rated', conversationId, {
      number: Number(r.number),
      score: body.score,
      comment: body.comment,
      resolved_by_user_id: resolvedBy,
    });
    return rating;
  });
}
