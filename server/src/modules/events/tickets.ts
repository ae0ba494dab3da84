import { randomBytes } from 'node:crypto';
import { STREAM_TICKET_TTL_SECONDS, type StreamTicket } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { streamTickets } from '../../db/schema/index.ts';
import { unauthenticated } from '../../http/app-error.ts';
import { sha256 } from '../../lib/tokens.ts';
import type { CompanyCtx } from '../access/context.ts';

export interface TicketHolder {
  companyId: number;
  userId: number;
  sessionId: string;
  role: 'admin' | 'manager' | 'agent';
}

/** A ticket for the caller in its company: single use, 60 s, stored hashed so any process can take it. */
export async function issueTicket(ctx: CompanyCtx): Promise<StreamTicket> {
  const ticket = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + STREAM_TICKET_TTL_SECONDS * 1000);
  await ctx.db.insert(streamTickets).values({
    ticketHash: sha256(ticket),
    companyId: ctx.companyId,
    userId: ctx.actor.user.id,
    impersonatorUserId: ctx.actor.impersonator?.id ?? null,
    sessionId: ctx.actor.sessionId,
    role: ctx.role,
    expiresAt,
  });
  // Unused tickets that expired are deleted by the hourly events-prune job.
  return { ticket, expires_ts: expiresAt.toISOString() };
}

/**
 * Takes a ticket: one statement deletes it and answers whom it was for, so two requests racing with the
 * same ticket cannot both win. A used, expired or unknown ticket answers 401.
 */
export async function takeTicket(db: Db, ticket: string | undefined): Promise<TicketHolder> {
  if (!ticket || ticket.length > 200) throw unauthenticated('Invalid or expired stream ticket');
  const res = await db.execute<{
    company_id: number;
    user_id: number;
    session_id: string;
    role: string;
    live: boolean;
  }>(sql`
    delete from stream_tickets where ticket_hash = ${sha256(ticket)}
    returning company_id, user_id, session_id, role, expires_at > now() as live`);
  const row = res.rows[0];
  if (!row?.live) throw unauthenticated('Invalid or expired stream ticket');
  return {
    companyId: Number(row.company_id),
    userId: Number(row.user_id),
    sessionId: String(row.session_id),
    role: row.role as TicketHolder['role'],
  };
}
