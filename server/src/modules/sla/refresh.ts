import type { SlaKind } from '@inbox/contract';
import { SLA_KINDS } from '@inbox/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { companies, conversationLabels, conversations, slaPolicies } from '../../db/schema/index.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { choosePolicy, dueTimes, type SlaFacts, soonest } from './clocks.ts';
import { policyRows } from './policies.ts';

export const SLA_BREACH_JOB = 'sla-breach';

/** One clock's due time, checked when it comes (`breach-job.ts`). */
export interface SlaBreachCheck {
  company_id: number;
  conversation_id: number;
  kind: SlaKind;
  policy_id: number;
  due_ts: string;
  /** When this clock started: the start, or the customer message a next response answers. */
  from_ts: string;
}

const DUE_COLUMN = {
  first_response: 'slaFirstResponseDueAt',
  next_response: 'slaNextResponseDueAt',
  resolution: 'slaResolutionDueAt',
} as const satisfies Record<SlaKind, keyof typeof conversations.$inferSelect>;

export const dueOf = (row: typeof conversations.$inferSelect, kind: SlaKind) => row[DUE_COLUMN[kind]];

const same = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/**
 * Brings one conversation's service level up to date, under its row lock, in the consumer's transaction:
 * `choose` picks the policy again (the start, or a change of queue, priority or labels), else the one it has
 * runs on. Each running clock gets its breach check queued for its due time, once per conversation, kind and
 * due time (`sendOnce`), so repeating this queues nothing more. A changed row moves the company's list
 * version (`bump_list_catalog`), as this writes no event of its own.
 */
export async function refreshSla(
  tx: Tx,
  queue: JobQueue,
  companyId: number,
  conversationId: number,
  choose: boolean,
) {
  const [row] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.companyId, companyId)))
    .for('update');
  if (!row) return;
  const labels = await tx
    .select({ id: conversationLabels.labelId })
    .from(conversationLabels)
    .where(eq(conversationLabels.conversationId, conversationId));
  const facts: SlaFacts = {
    appId: row.appId,
    queueId: row.queueId,
    priority: row.priority,
    labelIds: labels.map((l) => l.id),
    status: row.status,
    createdAt: row.createdAt,
    firstReplyAt: row.firstReplyAt,
    waitingSince: row.waitingSince,
  };
  const policy = choose
    ? choosePolicy(await policyRows(tx, companyId), facts)
    : row.slaPolicyId === null
      ? null
      : ((
          await tx
            .select()
            .from(slaPolicies)
            .where(and(eq(slaPolicies.id, row.slaPolicyId), eq(slaPolicies.companyId, companyId)))
        )[0] ?? null);
  if (!policy && row.slaPolicyId === null) return;
  const [company] = await tx
    .select({ hours: companies.businessHours, timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.id, companyId));
  const dues = dueTimes(policy, facts, {
    hours: company?.hours ?? null,
    timezone: company?.timezone ?? 'UTC',
  });
  const next = {
    slaPolicyId: policy?.id ?? null,
    slaFirstResponseDueAt: dues.first_response,
    slaNextResponseDueAt: dues.next_response,
    slaResolutionDueAt: dues.resolution,
    slaDueAt: soonest(dues),
  };
  const changed =
    next.slaPolicyId !== row.slaPolicyId || SLA_KINDS.some((k) => !same(dues[k], dueOf(row, k)));
  if (changed) {
    await tx.update(conversations).set(next).where(eq(conversations.id, conversationId));
    await tx.execute(sql`select bump_list_catalog(array[${companyId}::int])`);
  }
  if (!policy) return;
  for (const kind of SLA_KINDS) {
    const due = dues[kind];
    if (!due || row.slaBreached.includes(kind)) continue;
    const from = kind === 'next_response' ? facts.waitingSince! : facts.createdAt;
    const check: SlaBreachCheck = {
      company_id: companyId,
      conversation_id: conversationId,
      kind,
      policy_id: policy.id,
      due_ts: due.toISOString(),
      from_ts: from.toISOString(),
    };
    await queue.sendOnce(
      tx,
      SLA_BREACH_JOB,
      `${conversationId}:${kind}:${check.due_ts}:${policy.id}`,
      check,
      {
        afterSeconds: Math.max(0, Math.ceil((due.getTime() - Date.now()) / 1000)),
      },
    );
  }
}
