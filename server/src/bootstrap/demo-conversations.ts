import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import {
  activities,
  companies,
  conversationReads,
  conversations,
  customerApps,
  customerIdentities,
  customers,
  messages,
} from '../db/schema/index.ts';
import { actorDetails } from '../modules/activities/service.ts';
import { emailKey, storedPhoneKey } from '../modules/customers/identities.ts';
import { PORTAL_EXPIRY } from '../modules/portal/expiry.ts';
import { seedDemoReports } from './demo-reports.ts';
import {
  DEMO_CUSTOMERS,
  DEMO_THREADS,
  type DemoAuthor,
  type DemoLine,
  type DemoQueue,
  type DemoThread,
} from './demo-threads.ts';

export interface DemoRefs {
  companyId: number;
  apps: { store: number; billing: number };
  queues: Record<DemoQueue, number>;
  users: Record<DemoAuthor, number>;
}

const authorOf = (l: DemoLine) => ('agent' in l ? l.agent : 'note' in l ? l.note : null);
const isReply = (l: DemoLine) => 'agent' in l;
const isCustomer = (l: DemoLine) => 'customer' in l;

/**
 * What the conversation services would have recorded had the thread happened live: first reply, waiting
 * since (the first customer message after the last agent reply, while open), resolution, last activity.
 */
function timeline(thread: DemoThread, at: (l: DemoLine) => Date) {
  const lines = thread.lines;
  const firstReply = lines.find(isReply);
  const lastReplyIndex = lines.findLastIndex(isReply);
  const waiting = lines.slice(lastReplyIndex + 1).find(isCustomer);
  const last = at(lines[lines.length - 1]!);
  const resolvedAt = thread.status === 'resolved' ? new Date(last.getTime() + 3 * 60_000) : null;
  return {
    createdAt: at(lines[0]!),
    firstReplyAt: firstReply ? at(firstReply) : null,
    waitingSince: thread.status === 'open' && waiting ? at(waiting) : null,
    resolvedAt,
    lastActivityAt: resolvedAt ?? last,
  };
}

/**
 * Customers and conversations of the demo company, inserted in bulk but with the invariants of the live
 * services: per-company numbers from 1 with the counter moved on, message ids increasing with time inside
 * every conversation, first reply and waiting times, read markers of the assignees, and activities.
 */
export async function seedDemoConversations(tx: Tx, refs: DemoRefs, now = new Date()) {
  const at = (l: DemoLine) => new Date(now.getTime() - l.ago * 60_000);
  const threads = [...DEMO_THREADS].sort((a, b) => b.lines[0]!.ago - a.lines[0]!.ago);

  const keys = Object.keys(DEMO_CUSTOMERS) as (keyof typeof DEMO_CUSTOMERS)[];
  const spoken = (key: string) =>
    threads.filter((t) => t.customer === key).flatMap((t) => t.lines.filter(isCustomer).map(at));
  const customerRows = await tx
    .insert(customers)
    .values(
      keys.map((k) => {
        const times = spoken(k).map((d) => d.getTime());
        const c = DEMO_CUSTOMERS[k];
        return {
          companyId: refs.companyId,
          ...c,
          // As stored before issue 42: one demo phone has no country code, for the duplicates suggestion.
          phone: c.phone === null ? null : storedPhoneKey(c.phone),
          createdAt: new Date(Math.min(...times)),
          updatedAt: new Date(Math.min(...times)),
          lastSeenAt: new Date(Math.max(...times)),
          lastActivityAt: new Date(Math.max(...times)),
        };
      }),
    )
    .returning({ id: customers.id });
  const customerId = (k: keyof typeof DEMO_CUSTOMERS) => customerRows[keys.indexOf(k)]!.id;
  // Their emails and phones are their identities, as the portal and the customer pages would have made them.
  await tx.insert(customerIdentities).values(
    keys.flatMap((k) => {
      const c = DEMO_CUSTOMERS[k];
      const base = { companyId: refs.companyId, customerId: customerId(k) };
      return [
        { ...base, kind: 'email' as const, value: emailKey(c.email) },
        ...(c.phone === null ? [] : [{ ...base, kind: 'phone' as const, value: storedPhoneKey(c.phone) }]),
      ];
    }),
  );
  const links = new Map(threads.map((t) => [`${t.customer}:${t.app}`, t]));
  await tx.insert(customerApps).values(
    [...links.values()].map((t) => ({
      customerId: customerId(t.customer),
      appId: refs.apps[t.app],
      companyId: refs.companyId,
    })),
  );

  const times = threads.map((t) => timeline(t, at));
  // Taken (or given) a minute before the first reply, as an agent opens a thread and answers it.
  const assignedAt = threads.map((_, i) => {
    const when = new Date((times[i]!.firstReplyAt ?? times[i]!.createdAt).getTime() - 60_000);
    return when < times[i]!.createdAt ? times[i]!.createdAt : when;
  });
  const convRows = await tx
    .insert(conversations)
    .values(
      threads.map((t, i) => ({
        companyId: refs.companyId,
        appId: refs.apps[t.app],
        queueId: refs.queues[t.queue],
        customerId: customerId(t.customer),
        assignedUserId: t.assignee ? refs.users[t.assignee] : null,
        number: i + 1,
        channel: t.channel,
        status: t.status,
        verified: !t.unverified,
        ...times[i]!,
      })),
    )
    .returning({ id: conversations.id });
  await tx
    .update(companies)
    .set({ lastConversationNumber: threads.length })
    .where(eq(companies.id, refs.companyId));

  // One insert in time order: ids grow with time within each conversation, as live appends make them.
  const flat = threads
    .flatMap((t, ti) => t.lines.map((line, li) => ({ ti, li, line })))
    .sort((a, b) => b.line.ago - a.line.ago || a.ti - b.ti || a.li - b.li);
  const messageRows = await tx
    .insert(messages)
    .values(
      flat.map(({ ti, line }) => {
        const author = authorOf(line);
        return {
          companyId: refs.companyId,
          conversationId: convRows[ti]!.id,
          senderType: isCustomer(line)
            ? ('customer' as const)
            : author
              ? ('agent' as const)
              : ('auto' as const),
          senderUserId: author ? refs.users[author] : null,
          content: 'customer' in line ? line.customer : 'auto' in line ? line.auto : line.text,
          isPrivate: 'note' in line,
          createdAt: at(line),
        };
      }),
    )
    .returning({ id: messages.id });
  const idOf = new Map(flat.map((f, i) => [`${f.ti}:${f.li}`, messageRows[i]!.id]));

  // Assignees have read their threads up to their own last word; what the customer wrote since is unread.
  const reads = threads.flatMap((t, ti) => {
    if (!t.assignee) return [];
    const upTo =
      t.status === 'resolved' || t.status === 'closed'
        ? t.lines.length - 1
        : t.lines.findLastIndex((l) => authorOf(l) === t.assignee);
    if (upTo < 0) return [];
    return [
      {
        conversationId: convRows[ti]!.id,
        userId: refs.users[t.assignee],
        companyId: refs.companyId,
        lastReadMessageId: idOf.get(`${ti}:${upTo}`)!,
        updatedAt: at(t.lines[upTo]!),
      },
    ];
  });
  if (reads.length > 0) await tx.insert(conversationReads).values(reads);

  await tx.insert(activities).values(
    threads.flatMap((t, ti) => {
      const id = String(convRows[ti]!.id);
      const base = { companyId: refs.companyId, entityType: 'conversation', entityId: id };
      const time = times[ti]!;
      const rows: (typeof activities.$inferInsert)[] = [
        {
          ...base,
          actorUserId: null,
          action: 'conversation.created',
          details: {
            channel: t.channel,
            app_id: refs.apps[t.app],
            queue_id: refs.queues[t.queue],
            actor: actorDetails({
              type: 'customer',
              customerId: customerId(t.customer),
              name: DEMO_CUSTOMERS[t.customer].name,
            }),
          },
          createdAt: time.createdAt,
        },
      ];
      if (t.assignee) {
        rows.push({
          ...base,
          actorUserId: refs.users[t.assignedBy ?? t.assignee],
          action: 'conversation.assigned',
          details: { user_id: refs.users[t.assignee] },
          createdAt: assignedAt[ti]!,
        });
      }
      if (time.resolvedAt && t.assignee) {
        rows.push({
          ...base,
          actorUserId: refs.users[t.assignee],
          action: 'conversation.resolved',
          details: {},
          createdAt: time.resolvedAt,
        });
      }
      if (t.status === 'closed') {
        rows.push({
          ...base,
          actorUserId: null,
          action: 'conversation.closed',
          details: {
            reason: 'portal_session_expired',
            actor: actorDetails(PORTAL_EXPIRY),
          },
          // The session ran out a day after the last word (the default PORTAL_SESSION_TTL_SECONDS).
          createdAt: new Date(Math.min(now.getTime(), time.lastActivityAt.getTime() + 24 * 3600_000)),
        });
      }
      return rows;
    }),
  );

  await seedDemoReports(
    tx,
    refs.companyId,
    threads.map((t, ti) => ({
      thread: t,
      conversationId: convRows[ti]!.id,
      appId: refs.apps[t.app],
      queueId: refs.queues[t.queue],
      customerId: customerId(t.customer),
      assignee: t.assignee
        ? { userId: refs.users[t.assignee], by: refs.users[t.assignedBy ?? t.assignee], at: assignedAt[ti]! }
        : null,
      createdAt: times[ti]!.createdAt,
      resolvedAt: times[ti]!.resolvedAt,
      at,
      userOf: (line) => {
        const author = authorOf(line);
        return author ? refs.users[author] : null;
      },
    })),
  );
}
