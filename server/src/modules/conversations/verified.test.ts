import type { InboxEvent } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';
import { before, call, type Session, useTestApp } from '../../../test/app.ts';
import { consoleThread, conversationOfExternal } from '../../../test/channels.ts';
import { addIntegration, addMailbox } from '../../../test/integrations.ts';
import { portal, startChat } from '../../../test/portal.ts';
import { openStream } from '../../../test/sse.ts';
import { tenantWithSessions } from '../../../test/tenants.ts';
import { identityHash } from '../widget/identity.ts';

/**
 * Decision 037: a conversation whose visitor only typed an email carries `verified: false` wherever the
 * console reads conversations, until the customer proves the address (the secure link opened, a signed widget
 * identity, a mail from that address), which open consoles learn from a `conversation.verified` event.
 */
const t = useTestApp({
  smtpListenPort: 0,
  portalRateLimit: { startsPerIp: 1000, messagesPerIp: 1000, messagesPerToken: 1000, windowMs: 60_000 },
});
const SECRET = 'widget-identity-secret';
const SUPPORT = 'support@verified.test';

let base = '';
const w = before(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const a = await tenantWithSessions(t);
  await addIntegration(t, a.as.admin, {
    app_id: a.app.id,
    type: 'web',
    name: 'Website',
    settings: { allowed_origins: ['https://shop.example.com'] },
    secrets: { identity_secret: SECRET },
  });
  await addMailbox(t, a.as.admin, { appId: a.app.id, queueId: a.queue.id, address: SUPPORT });
  return { a };
});

const streams: Awaited<ReturnType<typeof openStream>>[] = [];
afterAll(async () => {
  for (const s of streams) await s.close();
});

async function consoleStream(as: Session) {
  const ticket = await call(t.app, 'POST', '/events/ticket', { as });
  const s = await openStream(`${base}/api/v1/events/stream?ticket=${ticket.body.data.ticket}`);
  streams.push(s);
  return s;
}

type Summary = { conversation_id: number; verified: boolean };

/** `verified` as the console reads it: the list row, the thread's conversation, the customer page's list. */
async function verifiedAsSeen(conversationId: number) {
  const as = w.a.as.admin;
  const list = await call(t.app, 'GET', '/conversation/poll', { as, query: { limit: 100 } });
  const open = await call(t.app, 'GET', '/conversation/poll', {
    as,
    query: { conversation_id: conversationId },
  });
  const row = (list.body.data.conversations as Summary[]).find((c) => c.conversation_id === conversationId);
  const customerId = open.body.data.conversation.customer.customer_id as number;
  const customer = await call(t.app, 'GET', '/customer/conversations', { as, query: { id: customerId } });
  const own = (customer.body.data as Summary[]).find((c) => c.conversation_id === conversationId);
  const dashboard = await call(t.app, 'GET', '/dashboards', { as, query: { limit: 50 } });
  const tile = (dashboard.body.data.conversations as Summary[]).find(
    (c) => c.conversation_id === conversationId,
  );
  return {
    list: row?.verified,
    thread: open.body.data.conversation.verified,
    customer: own?.verified,
    dashboard: tile?.verified,
  };
}

const allSay = (v: boolean) => ({ list: v, thread: v, customer: v, dashboard: v });

const startFromWidget = (email: string, hash?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/portal/start',
    payload: {
      app_id: w.a.app.id,
      customer_info: { name: 'Web Visitor', email },
      initial_message: 'Hello from the website',
      queue_id: w.a.queue.id,
      via_widget: true,
      ...(hash === undefined ? {} : { identity_hash: hash }),
    },
  });

describe('a conversation whose visitor typed an email', () => {
  it('is unverified in the list, the thread, the customer page and the dashboard; the portal learns nothing new', async () => {
    const chat = await startChat(t.app, w.a.app.id, {
      queueId: w.a.queue.id,
      name: 'Eve Stranger',
      email: 'known.customer@example.com',
    });
    expect(await verifiedAsSeen(chat.conversationId)).toEqual(allSay(false));
    const read = await portal(t.app, 'GET', '/portal/conversation', { token: chat.token });
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body.data)).not.toContain('verified');
    // The visitor's own session proves nothing: reading the chat leaves it unverified.
    expect((await verifiedAsSeen(chat.conversationId)).thread).toBe(false);
  });

  it('becomes verified when the customer opens the secure link, live for open consoles, with a system line', async () => {
    const chat = await startChat(t.app, w.a.app.id, {
      queueId: w.a.queue.id,
      name: 'Vic Visitor',
      email: 'vic@example.com',
    });
    const stream = await consoleStream(w.a.as.agent);
    const sent = await call(t.app, 'POST', '/conversation/secure-link', {
      as: w.a.as.agent,
      body: { conversation_id: chat.conversationId },
    });
    expect(sent.status).toBe(200);
    // Sending the link proves nothing yet: anyone can be sent a link.
    expect((await verifiedAsSeen(chat.conversationId)).thread).toBe(false);
    const mail = await t.smtp.waitFor('vic@example.com');
    const token = decodeURIComponent(/token=([\w%-]+)/.exec(mail.text!)![1]!);

    const opened = await portal(t.app, 'GET', '/portal/conversation', { token, inQuery: true });
    expect(opened.status).toBe(200);
    const event = await stream.next(
      'conversation.verified',
      (e) => e.conversation_id === chat.conversationId,
    );
    expect(event.data).toMatchObject({ by: 'secure_link', conversation: { verified: true } });
    expect(await verifiedAsSeen(chat.conversationId)).toEqual(allSay(true));
    const lines = await consoleThread(t, w.a.as.admin, chat.conversationId);
    const note = 'Email verified: the customer opened the secure link sent to their address';
    expect(lines.filter((m) => m.content === note)).toHaveLength(1);
    // Console only: the portal shows no system line.
    expect(JSON.stringify(opened.body.data.messages)).not.toContain('Email verified');

    // Opening it again changes nothing more.
    await portal(t.app, 'GET', '/portal/conversation', { token, inQuery: true });
    const again = await consoleThread(t, w.a.as.admin, chat.conversationId);
    expect(again.filter((m) => m.content === note)).toHaveLength(1);
    const portalEvents = await portalStreamTypes(token);
    expect(portalEvents).not.toContain('conversation.verified');
  });
});

/** The event types the portal's own stream replays for a token (it never carries the verification). */
async function portalStreamTypes(token: string) {
  const s = await openStream(`${base}/api/v1/portal/events?token=${token}&last_event_id=0`);
  streams.push(s);
  const events: InboxEvent[] = await s.until((es) => es.some((e) => e.type === 'message.created'), 2000);
  return events.map((e) => e.type);
}

describe('a widget visitor', () => {
  it('signed by the host site starts a verified conversation; an unsigned one does not', async () => {
    const signed = await startFromWidget('signed@example.com', identityHash(SECRET, 'signed@example.com'));
    expect(signed.statusCode, signed.body).toBe(201);
    expect(await verifiedAsSeen(signed.json().data.conversation_id)).toEqual(allSay(true));
    const unsigned = await startFromWidget('unsigned@example.com');
    expect(unsigned.statusCode, unsigned.body).toBe(201);
    expect(await verifiedAsSeen(unsigned.json().data.conversation_id)).toEqual(allSay(false));
  });
});

describe('mail', () => {
  const send = (messageId: string, text: string) =>
    nodemailer
      .createTransport({
        host: '127.0.0.1',
        port: t.app.emailListener!.port!,
        secure: false,
        ignoreTLS: true,
      })
      .sendMail({ from: 'Mo Mailer <mo@example.com>', to: SUPPORT, subject: 'Lamp', text, messageId });

  it('opens a verified conversation, and a mail from the address verifies an unverified one it joins', async () => {
    await send('<first@verified.test>', 'My lamp arrived broken.');
    const id = await conversationOfExternal(t, '<first@verified.test>');
    expect(await verifiedAsSeen(id)).toEqual(allSay(true));
    // No path leaves a mail's conversation unverified today (mail threads only into conversations mail
    // started); this stands for one, to hold the rule that a mail from the address proves it.
    await t.db.execute(sql`update conversations set verified = false where id = ${id}`);
    expect((await verifiedAsSeen(id)).thread).toBe(false);
    const stream = await consoleStream(w.a.as.admin);
    await send('<second@verified.test>', 'Any news about the lamp?');
    expect(await conversationOfExternal(t, '<second@verified.test>')).toBe(id);
    const event = await stream.next('conversation.verified', (e) => e.conversation_id === id);
    expect(event.data).toMatchObject({ by: 'email' });
    expect(await verifiedAsSeen(id)).toEqual(allSay(true));
    const lines = await consoleThread(t, w.a.as.admin, id);
    expect(lines.map((m) => m.content)).toContain(
      'Email verified: a mail from the customer’s address arrived in this conversation',
    );
  });
});
