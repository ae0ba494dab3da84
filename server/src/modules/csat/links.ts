import type { InboxEvent } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { appendMessage } from '../conversations/append.ts';
import type { ConsumerSpec } from '../events/consumer.ts';

/** Channels whose customers have no chat to rate in: they get a link to `/rate/{token}` instead. */
export const LINK_CHANNELS = ['email', 'sms', 'whatsapp', 'facebook'] as const;

export const CSAT_CONSUMER = 'csat-links';

/** The automatic message carrying the question and the rate page's link. */
export const linkMessage = (question: string, url: string) =>
  `${question}\nPlease rate us from 1 to 5: ${url}`;

interface Asked extends Record<string, unknown> {
  id: number;
  company_id: number;
  conversation_id: number;
  question: string;
}

/**
 * The `csat-links` consumer (decision 055): for each resolution of an email, SMS, WhatsApp or Messenger
 * conversation that asked for a rating, sends the question with a link as an automatic message, through the
 * channel's ordinary outgoing path (the deliveries consumer sends `auto` messages like replies). The
 * resolution's request is found by its key (the conversation and its `resolved_at`, the resolving
 * transaction's time, which is also its event's time); its token is set in the transaction that appends the
 * message, so a repeated batch finds it set and sends nothing more.
 */
export function csatLinkConsumer(publicUrl: string): ConsumerSpec {
  return {
    name: CSAT_CONSUMER,
    types: ['conversation.resolved'],
    async handle(tx: Tx, events: InboxEvent[]) {
      const wanted = events.filter((e) => e.conversation_id !== undefined && e.actor.type === 'user');
      if (wanted.length === 0) return;
      const res = await tx.execute<Asked>(sql`
        select r.id, r.company_id, r.conversation_id, r.question
        from unnest(${sql.param(wanted.map((e) => e.conversation_id))}::int[],
          ${sql.param(wanted.map((e) => e.created_ts))}::timestamptz[]) as e(conversation_id, at)
        join csat_requests r on r.conversation_id = e.conversation_id
          and date_trunc('milliseconds', r.resolved_at) = e.at
        join conversations c on c.id = r.conversation_id
        where r.token_hash is null and r.rated_at is null
          and c.channel = any(${sql.param([...LINK_CHANNELS])}::text[])
        for update of r`);
      for (const r of res.rows) {
        const token = randomToken();
        await tx.execute(sql`update csat_requests set token_hash = ${sha256(token)} where id = ${r.id}`);
        await appendMessage({
          db: tx,
          companyId: Number(r.company_id),
          conversationId: Number(r.conversation_id),
          sender: { type: 'auto' },
          content: linkMessage(r.question, `${publicUrl}/rate/${token}`),
        });
      }
    },
  };
}
