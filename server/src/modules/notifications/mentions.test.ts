import { MENTION_MESSAGES } from '@inbox/contract';
import { describe, expect, it } from 'vitest';
import { before, call, useTestApp } from '../../../test/app.ts';
import * as make from '../../../test/factories.ts';
import { noteMentioning } from '../../../test/notifications.ts';
import { startChat } from '../../../test/portal.ts';
import { signIn, tenantWithSessions } from '../../../test/tenants.ts';

/** Mentions in internal notes (contract section 14): who may be mentioned, and how messages carry them. */
const t = useTestApp();
const s = before(async () => {
  const tenant = await tenantWithSessions(t);
  const other = await tenantWithSessions(t);
  // An agent of another queue of the app: unassigned conversations of the public queue are theirs to see too,
  // but not those of a private queue.
  const privateQueue = await make.createQueue(t.db, tenant.app, { isPrivate: true });
  const outsider = await make.createUser(t.db, { name: 'Olga Outsider' });
  await make.addCompanyMember(t.db, tenant.company.id, outsider.id, 'agent');
  await make.addAppMember(t.db, tenant.app, outsider.id, 'agent');
  const chat = await startChat(t.app, tenant.app.id, { queueId: tenant.queue.id });
  const hidden = await startChat(t.app, tenant.app.id, { queueId: tenant.queue.id });
  const moved = await call(t.app, 'POST', '/conversation/transfer', {
    as: tenant.as.admin,
    body: { conversation_id: hidden.conversationId, queue_id: privateQueue.id, transfer_reason: 'Billing' },
  });
  if (moved.status !== 200) throw new Error(`transfer: ${moved.status}`);
  return {
    tenant,
    other,
    outsider,
    chat,
    hidden,
    outsiderSession: await signIn(t, outsider, tenant.company),
  };
});

describe('mentions', () => {
  it('lists who can see a conversation for the picker, and 404s one out of reach', async () => {
    const res = await call(t.app, 'GET', '/conversation/mentionable', {
      as: s.tenant.as.agent,
      query: { id: s.chat.conversationId },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { name: string }) => p.name)).toEqual([
      'Ada Admin',
      'Alex Agent',
      'Max Manager',
      'Olga Outsider',
    ]);
    const inPrivate = await call(t.app, 'GET', '/conversation/mentionable', {
      as: s.tenant.as.admin,
      query: { id: s.hidden.conversationId },
    });
    expect(inPrivate.body.data.map((p: { name: string }) => p.name)).toEqual(['Ada Admin', 'Max Manager']);
    const foreign = await call(t.app, 'GET', '/conversation/mentionable', {
      as: s.other.as.admin,
      query: { id: s.chat.conversationId },
    });
    expect(foreign.status).toBe(404);
    const outOfReach = await call(t.app, 'GET', '/conversation/mentionable', {
      as: s.outsiderSession,
      query: { id: s.hidden.conversationId },
    });
    expect(outOfReach.status).toBe(404);
  });

  it('keeps a note’s mentions with their names, in the answer and in the thread', async () => {
    const res = await noteMentioning(t, s.tenant.as.admin, s.chat.conversationId, [
      s.tenant.agent.id,
      s.tenant.manager.id,
      s.tenant.agent.id,
    ]);
    expect(res.status).toBe(201);
    expect(res.body.data.mentions).toEqual([
      { user_id: s.tenant.agent.id, name: 'Alex Agent' },
      { user_id: s.tenant.manager.id, name: 'Max Manager' },
    ]);
    const poll = await call(t.app, 'GET', '/conversation/poll', {
      as: s.tenant.as.agent,
      query: { conversation_id: s.chat.conversationId },
    });
    const messages = poll.body.data.conversation_messages ?? poll.body.data.messages;
    const note = messages.find((m: { message_id: number }) => m.message_id === res.body.data.message_id);
    expect(note.mentions).toEqual(res.body.data.mentions);
    const plain = messages.find((m: { is_private: boolean }) => !m.is_private);
    expect(plain.mentions).toEqual([]);
  });

  it('refuses someone who cannot see the conversation, someone of another company, and mentions in a reply', async () => {
    const hidden = await noteMentioning(t, s.tenant.as.admin, s.hidden.conversationId, [s.outsider.id]);
    expect(hidden.status).toBe(422);
    expect(hidden.body.errors.mentions).toEqual([MENTION_MESSAGES.notVisible]);
    const foreign = await noteMentioning(t, s.tenant.as.admin, s.chat.conversationId, [s.other.agent.id]);
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.mentions).toEqual([MENTION_MESSAGES.notVisible]);
    const reply = await call(t.app, 'POST', '/messages', {
      as: s.tenant.as.admin,
      body: { conversation_id: s.chat.conversationId, content: 'Hello', mentions: [s.tenant.agent.id] },
    });
    expect(reply.status).toBe(422);
    expect(reply.body.errors.mentions).toEqual([MENTION_MESSAGES.onlyNotes]);
  });
});
