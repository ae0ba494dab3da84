import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../server/src/db/client.ts';
import {
  companies,
  conversations,
  customerApps,
  customers,
  messages,
} from '../../server/src/db/schema/index.ts';
import { insertBatched } from './batch.ts';
import { agentLine, benchToken, customerLine, noteLine, personName, type Random } from './random.ts';
import { insertPortalSessions, type SessionRow } from './sessions.ts';
import type { Tenant } from './tenants.ts';

export interface ConversationOptions {
  seed: number;
  conversations: number;
  messagesPerConversation: number;
  /** Share of conversations still open or pending with a live portal session (the rest resolved or closed). */
  activeShare: number;
  ttlSeconds: number;
}

export interface ActiveSession {
  token: string;
  conversationId: number;
}

type Status = 'open' | 'pending' | 'resolved' | 'closed';
type MessageRow = typeof messages.$inferInsert;
const MINUTE = 60_000;
/** Conversations (with their messages) built and inserted per slice, so memory stays flat for big runs. */
const SLICE = 2000;

export async function createConversations(
  db: DbOrTx,
  tenants: Tenant[],
  opts: ConversationOptions,
  r: Random,
  now: Date,
) {
  const customerIds = await createCustomers(db, tenants, opts, r);
  const numbers = new Map<number, number>();
  const linked = new Set<string>();
  const active: ActiveSession[] = [];
  const counts = { customers: customerIds.flat().length, customerApps: 0, conversations: 0, messages: 0 };
  const statusCounts: Record<Status, number> = { open: 0, pending: 0, resolved: 0, closed: 0 };

  for (let start = 0; start < opts.conversations; start += SLICE) {
    const plans = [];
    for (let i = start; i < Math.min(start + SLICE, opts.conversations); i++) {
      plans.push(planConversation(i, tenants, customerIds, opts, r, now));
    }
    plans.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    for (const p of plans) {
      const n = (numbers.get(p.companyId) ?? 0) + 1;
      numbers.set(p.companyId, n);
      p.number = n;
    }
    const links = [];
    for (const p of plans) {
      const key = `${p.customerId}/${p.appId}`;
      if (linked.has(key)) continue;
      linked.add(key);
      links.push({ customerId: p.customerId, appId: p.appId, companyId: p.companyId });
    }
    await insertBatched(db, customerApps, links);
    counts.customerApps += links.length;

    const made = await db
      .insert(conversations)
      .values(plans.map(({ index: _i, messages: _m, session: _s, ...row }) => row))
      .returning({ id: conversations.id, companyId: conversations.companyId, number: conversations.number });
    const idOf = new Map(made.map((c) => [`${c.companyId}/${c.number}`, c.id]));

    const rows: MessageRow[] = [];
    const sessions: SessionRow[] = [];
    for (const p of plans) {
      const conversationId = idOf.get(`${p.companyId}/${p.number}`)!;
      for (const m of p.messages) rows.push({ ...m, conversationId });
      const token = benchToken(opts.seed, p.index);
      sessions.push({ ...p.session, token, conversationId, companyId: p.companyId });
      if (p.status === 'open' || p.status === 'pending') active.push({ token, conversationId });
      statusCounts[p.status] += 1;
    }
    // Ids follow time across conversations, as they would in a live system.
    rows.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
    await insertBatched(db, messages, rows);
    await insertPortalSessions(db, sessions);
    counts.conversations += plans.length;
    counts.messages += rows.length;
  }

  for (const [companyId, last] of numbers) {
    await db
      .update(companies)
      .set({ lastConversationNumber: sql`greatest(${companies.lastConversationNumber}, ${last})` })
      .where(eq(companies.id, companyId));
  }
  active.sort((a, b) => a.conversationId - b.conversationId);
  return { counts: { ...counts, portalSessions: counts.conversations }, statusCounts, active };
}

async function createCustomers(db: DbOrTx, tenants: Tenant[], opts: ConversationOptions, r: Random) {
  // About one returning customer in five: some customers own two conversations.
  const perCompany = Math.max(1, Math.ceil((opts.conversations * 0.8) / tenants.length));
  const rows = tenants.flatMap((t, c) =>
    Array.from({ length: perCompany }, (_, k) => ({
      companyId: t.companyId,
      name: personName(r),
      email: `customer${k + 1}.c${c + 1}.s${opts.seed}@example.com`,
      phone: r.chance(0.5) ? `+1555${String(r.int(0, 9_999_999)).padStart(7, '0')}` : null,
    })),
  );
  const ids = new Map<string, number>();
  for (let i = 0; i < rows.length; i += 1000) {
    const made = await db
      .insert(customers)
      .values(rows.slice(i, i + 1000))
      .returning({ id: customers.id, email: customers.email });
    for (const m of made) ids.set(m.email!, m.id);
  }
  return tenants.map((_, c) =>
    Array.from(
      { length: perCompany },
      (_, k) => ids.get(`customer${k + 1}.c${c + 1}.s${opts.seed}@example.com`)!,
    ),
  );
}

function planConversation(
  index: number,
  tenants: Tenant[],
  customerIds: number[][],
  opts: ConversationOptions,
  r: Random,
  now: Date,
) {
  const c = index % tenants.length;
  const tenant = tenants[c]!;
  const app = r.pick(tenant.apps);
  const agent = r.pick(tenant.agents);
  const customerId = r.pick(customerIds[c]!);
  const isActive = r.next() < opts.activeShare;
  const count = Math.max(1, opts.messagesPerConversation);

  // Active chats are recent (last activity within the hour); finished ones spread over 30 days.
  const span = count * 8 * MINUTE;
  const age = (isActive ? r.int(0, 3600) : r.int(86_400, 30 * 86_400)) * 1000;
  const createdAt = new Date(now.getTime() - age - span);

  const msgs: Omit<MessageRow, 'conversationId'>[] = [];
  let at = createdAt.getTime();
  let firstReplyAt: Date | null = null;
  let waitingSince: Date | null = null;
  let lastCustomerAt = createdAt;
  let lastVisibleSender: 'customer' | 'agent' = 'customer';
  for (let m = 0; m < count; m++) {
    const createdAtMsg = new Date(at);
    const base = { companyId: tenant.companyId, createdAt: createdAtMsg };
    const kind =
      m === 0
        ? 'customer'
        : m === 1 && r.chance(0.5)
          ? 'auto'
          : r.chance(0.5)
            ? 'customer'
            : r.chance(0.05)
              ? 'note'
              : 'agent';
    if (kind === 'customer') {
      msgs.push({
        ...base,
        senderType: 'customer',
        content: customerLine(r),
        clientMessageId: `gen-${index}-${m}`,
      });
      waitingSince ??= createdAtMsg;
      lastCustomerAt = createdAtMsg;
      lastVisibleSender = 'customer';
    } else if (kind === 'auto') {
      msgs.push({
        ...base,
        senderType: 'auto',
        content: 'Thanks for contacting us. An agent will reply shortly.',
      });
    } else if (kind === 'note') {
      msgs.push({
        ...base,
        senderType: 'agent',
        senderUserId: agent.userId,
        content: noteLine(r),
        isPrivate: true,
      });
    } else {
      msgs.push({ ...base, senderType: 'agent', senderUserId: agent.userId, content: agentLine(r) });
      firstReplyAt ??= createdAtMsg;
      waitingSince = null;
      lastVisibleSender = 'agent';
    }
    at += r.int(20, 480) * 1000;
  }
  const lastActivityAt = new Date(at - MINUTE);

  let status: Status;
  if (isActive) status = lastVisibleSender === 'agent' ? 'pending' : 'open';
  else status = r.chance(0.5) ? 'resolved' : 'closed';
  if (status === 'resolved') {
    msgs.push({
      companyId: tenant.companyId,
      createdAt: lastActivityAt,
      senderType: 'system',
      content: 'Conversation resolved',
    });
  }
  // A closed conversation's session ran out; the others slide from the customer's last activity.
  const slideFrom = Math.max(lastCustomerAt.getTime(), now.getTime() - 60 * MINUTE);
  const expiresAt =
    status === 'closed'
      ? new Date(Math.min(lastCustomerAt.getTime() + opts.ttlSeconds * 1000, now.getTime() - MINUTE))
      : new Date(slideFrom + opts.ttlSeconds * 1000);

  return {
    index,
    companyId: tenant.companyId,
    appId: app.appId,
    queueId: r.pick(app.queueIds),
    customerId,
    assignedUserId: firstReplyAt ? agent.userId : null,
    number: 0,
    channel: 'portal',
    status,
    createdAt,
    firstReplyAt,
    waitingSince: status === 'open' ? waitingSince : null,
    lastActivityAt,
    resolvedAt: status === 'resolved' ? lastActivityAt : null,
    messages: msgs,
    session: { createdAt, expiresAt, endedAt: status === 'closed' ? expiresAt : null },
  };
}
