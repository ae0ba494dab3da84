/**
 * What a message costs now that it moves its customer's `last_activity_at` every time (issue 42, item 7,
 * decision 042), against the rule before it (at most once a minute), in the same run on the same data: the
 * product's own message statement (`messageWrite` after the conversation's update, one autocommitted
 * statement as the portal's send is), once as the product writes it and once with the old condition put
 * back. Two loads: one busy chat (every message to one conversation: the old rule wrote its customer once,
 * the new one writes it each time, the worst case) and messages spread over many customers' conversations.
 * Rounds alternate old and new; the time per message and the WAL bytes it wrote are reported.
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import {
  CONV_RETURNING,
  conversationTouch,
  messageWrite,
} from '../../server/src/modules/conversations/write-statement.ts';

const dialect = new PgDialect();
const NEW_RULE = 'ca.last_activity_at < now())';
const OLD_RULE = "ca.last_activity_at < now() - interval '1 minute')";
/** Stands for the conversation id among the statement's parameters (no real id is negative). */
const CONVERSATION = -1;

/** The product's customer message statement for one conversation, as the product writes it or as before. */
function statement(rule: 'new' | 'old') {
  const q = dialect.sqlToQuery(sql`with conv as (
      update conversations c set ${conversationTouch('customer')}
      where c.id = ${CONVERSATION} returning ${CONV_RETURNING}), ${messageWrite({
        senderType: sql`'customer'`,
        senderUserId: null,
        impersonatorUserId: null,
        content: 'Any news on my order?',
        contentType: sql`'text'`,
        isPrivate: false,
        clientMessageId: null,
        actorKey: sql`'customer'`,
      })}
    select id from msg`);
  if (!q.sql.includes(NEW_RULE)) throw new Error('messageWrite no longer has the rule this bench compares');
  const text = rule === 'new' ? q.sql : q.sql.replace(NEW_RULE, OLD_RULE);
  return {
    text,
    params: (conversation: number) => q.params.map((p) => (p === CONVERSATION ? conversation : p)),
  };
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function walLsn(client: pg.Client) {
  return (await client.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0]!.lsn;
}

/**
 * `count` messages, one after another, to the conversations given in turn from `from` on (spread: each
 * message finds a customer no message touched within the minute): ms per message and WAL bytes.
 */
async function burst(
  client: pg.Client,
  rule: 'new' | 'old',
  conversations: number[],
  count: number,
  from = 0,
) {
  const s = statement(rule);
  const name = `touch_${rule}`;
  const start = await walLsn(client);
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    await client.query({
      name,
      text: s.text,
      values: s.params(conversations[(from + i) % conversations.length]!),
    });
  }
  const ms = (performance.now() - t0) / count;
  const wal = await client.query<{ bytes: string }>(
    'select pg_wal_lsn_diff(pg_current_wal_lsn(), $1) as bytes',
    [start],
  );
  return { ms, walBytes: Number(wal.rows[0]!.bytes) / count };
}

export interface TouchResult {
  load: string;
  messages: number;
  old: { ms: number; walBytes: number };
  new: { ms: number; walBytes: number };
}

/** Both loads, `rounds` alternated rounds of `perRound` messages per rule each; medians of the rounds. */
export async function measureCustomerTouch(
  client: pg.Client,
  companyId: number,
  opts: { rounds: number; perRound: number },
): Promise<TouchResult[]> {
  const live = await client.query<{ id: number }>(
    `select distinct on (customer_id) id from conversations
     where company_id = $1 and status in ('open', 'pending') order by customer_id, id limit 4000`,
    [companyId],
  );
  const ids = live.rows.map((r) => Number(r.id));
  const loads = [
    { load: 'one busy chat', conversations: ids.slice(0, 1) },
    { load: 'spread over 4,000 customers', conversations: ids },
  ];
  const results: TouchResult[] = [];
  for (const { load, conversations } of loads) {
    const runs = {
      old: [] as { ms: number; walBytes: number }[],
      new: [] as { ms: number; walBytes: number }[],
    };
    let from = 0;
    // Warm both statements' plans before anything counts.
    for (const rule of ['old', 'new'] as const) {
      await burst(client, rule, conversations, 50, from);
      from += 50;
    }
    for (let r = 0; r < opts.rounds; r++) {
      const order = r % 2 === 0 ? (['old', 'new'] as const) : (['new', 'old'] as const);
      for (const rule of order) {
        await client.query('checkpoint');
        runs[rule].push(await burst(client, rule, conversations, opts.perRound, from));
        from += opts.perRound;
      }
    }
    const med = (xs: { ms: number; walBytes: number }[]) => ({
      ms: round2(median(xs.map((x) => x.ms))),
      walBytes: Math.round(median(xs.map((x) => x.walBytes))),
    });
    results.push({ load, messages: opts.rounds * opts.perRound, old: med(runs.old), new: med(runs.new) });
  }
  return results;
}
