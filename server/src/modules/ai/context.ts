import type { ConversationStatus, SenderType } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { CompanyCtx } from '../access/context.ts';
import { requireVisibleConversation } from '../access/conversation-visibility.ts';
import { selectMessages, senderName } from '../conversations/message-rows.ts';

/** The newest messages an AI method reads; older ones only count in the totals. */
export const AI_MESSAGE_WINDOW = 200;

export interface AiMessage {
  senderType: SenderType;
  senderName: string;
  content: string;
  isPrivate: boolean;
  createdAt: Date;
}

export interface AiConversation {
  id: number;
  number: number;
  companyId: number;
  appId: number;
  channel: string;
  status: ConversationStatus;
  createdAt: Date;
  waitingSince: Date | null;
  resolvedAt: Date | null;
  /** Contract section 13: the priority's rank (1 urgent to 4 low) or null, and when a snooze ends. */
  priority: number | null;
  snoozedUntil: Date | null;
  companyName: string;
  appName: string;
  queueName: string | null;
  /**
   * Whether the customer proved they are the customer the conversation is filed under (decision 037). When
   * not, the AI knows them as a stranger: the name they typed, none of the stored customer's details, and no
   * other conversation of that customer (`findSimilarReplies` leaves them out).
   */
  verified: boolean;
  customerId: number;
  customerName: string;
  customerEmail: string | null;
  assignedName: string | null;
  /** System lines (stored private, like notes) and automatic replies are counted apart from notes. */
  counts: { customer: number; agent: number; notes: number; auto: number; system: number };
  /** The company's timezone setting: summaries state times in it. */
  timezone: string;
  /** Oldest first, at most `AI_MESSAGE_WINDOW`, internal notes included (flagged). */
  messages: AiMessage[];
}

interface NamesRow extends Record<string, unknown> {
  company_name: string;
  app_name: string;
  queue_name: string | null;
  customer_name: string;
  customer_email: string | null;
  visitor_name: string | null;
  assigned_name: string | null;
  customer_count: string | number;
  agent_count: string | number;
  note_count: string | number;
  auto_count: string | number;
  system_count: string | number;
  timezone: string;
}

/** A conversation the caller can see (404 otherwise), with the names and messages the AI methods read. */
export async function loadAiConversation(
  ctx: CompanyCtx,
  db: DbOrTx,
  conversationId: number,
): Promise<AiConversation> {
  const c = await requireVisibleConversation(ctx, db, conversationId);
  const res = await db.execute<NamesRow>(sql`
    select co.name as company_name, co.timezone, a.name as app_name, q.name as queue_name, cu.name as customer_name,
      cu.email as customer_email, u.name as assigned_name,
      (select s.visitor_name from portal_sessions s where s.conversation_id = c.id and s.visitor_name is not null
        order by s.id desc limit 1) as visitor_name,
      count(m.id) filter (where m.sender_type = 'customer' and not m.is_private) as customer_count,
      count(m.id) filter (where m.sender_type = 'agent' and not m.is_private) as agent_count,
      count(m.id) filter (where m.sender_type = 'agent' and m.is_private) as note_count,
      count(m.id) filter (where m.sender_type = 'auto') as auto_count,
      count(m.id) filter (where m.sender_type = 'system') as system_count
    from conversations c
    join companies co on co.id = c.company_id
    join apps a on a.id = c.app_id
    join customers cu on cu.id = c.customer_id
    left join queues q on q.id = c.queue_id
    left join users u on u.id = c.assigned_user_id
    left join messages m on m.conversation_id = c.id and m.company_id = c.company_id
    where c.id = ${c.id} and c.company_id = ${ctx.companyId}
    group by c.id, co.name, co.timezone, a.name, q.name, cu.name, cu.email, u.name`);
  const n = res.rows[0]!;
  // An unproven visitor is named as they named themselves, never as the customer whose email they typed.
  const customerName = c.verified ? n.customer_name : (n.visitor_name ?? 'Visitor');
  const rows = await selectMessages(
    db,
    sql`m.conversation_id = ${c.id} and m.company_id = ${ctx.companyId}`,
    sql`m.id desc`,
    AI_MESSAGE_WINDOW,
  );
  return {
    id: c.id,
    number: c.number,
    companyId: c.companyId,
    appId: c.appId,
    channel: c.channel,
    status: c.status,
    createdAt: c.createdAt,
    waitingSince: c.waitingSince,
    resolvedAt: c.resolvedAt,
    priority: c.priority,
    snoozedUntil: c.snoozedUntil,
    companyName: n.company_name,
    appName: n.app_name,
    queueName: n.queue_name,
    verified: c.verified,
    customerId: c.customerId,
    customerName,
    customerEmail: n.customer_email,
    assignedName: n.assigned_name,
    counts: {
      customer: Number(n.customer_count),
      agent: Number(n.agent_count),
      notes: Number(n.note_count),
      auto: Number(n.auto_count),
      system: Number(n.system_count),
    },
    timezone: n.timezone,
    messages: rows.reverse().map((m) => ({
      senderType: m.senderType,
      senderName: senderName(m, { customer: customerName, app: n.app_name }),
      content: m.content,
      isPrivate: m.isPrivate,
      createdAt: m.createdAt,
    })),
  };
}
