import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, errorOf, fieldErrorsOf } from '../../../test/answers.ts';
import { createInbox, type Inbox } from '../../../test/conversations.ts';
import { EXE, PDF, PNG } from '../../../test/files.ts';
import { portal, uploadFile } from '../../../test/portal.ts';
import { activities, messages } from '../../db/schema/index.ts';

let x: Inbox;
beforeAll(async () => {
  x = await createInbox();
});
afterAll(() => x.t.close());

const send = (body: Record<string, unknown>, who: keyof Inbox['sessions'] = 'agent') =>
  x.as(x.sessions[who])('POST', '/messages', { body });
const view = async (conversationId: number) =>
  (await x.as(x.sessions.admin)('GET', '/conversation/poll', { query: { conversation_id: conversationId } }))
    .body.data;
const portalPoll = async (token: string) =>
  (await portal(x.t.app, 'GET', '/portal/poll', { token })).body.data;

describe('replies and first response', () => {
  it('the first agent reply sets the first-response time and moves open to pending', async () => {
    const chat = await x.chat({ name: 'Fay First' });
    expect((await view(chat.conversationId)).conversation).toMatchObject({
      status: 'open',
      first_reply_ts: null,
    });
    const res = await send({
      conversation_id: chat.conversationId,
      content: '  Hello Fay!  ',
      content_type: 'text',
    });
    expect(dataOf(res, 201)).toMatchObject({
      conversation_id: chat.conversationId,
      sender_type: 'agent',
      sender_name: x.users.agent.name,
      sender_user_id: x.users.agent.id,
      content: 'Hello Fay!',
      content_type: 'text',
      is_private: false,
      attachments: [],
    });
    const after = (await view(chat.conversationId)).conversation;
    expect(after.status).toBe('pending');
    expect(after.first_reply_ts).toBe(res.body.data.created_ts);
    expect(after.waiting_since_ts).toBeNull();

    const customer = await portal(x.t.app, 'POST', '/portal/messages', {
      token: chat.token,
      body: { content: 'Thanks' },
    });
    expect(customer.status).toBe(201);
    const second = await send({ conversation_id: chat.conversationId, content: 'You are welcome' });
    const later = (await view(chat.conversationId)).conversation;
    expect(later.first_reply_ts).toBe(after.first_reply_ts);
    expect(second.body.data.created_ts >= later.first_reply_ts).toBe(true);

    const seen = await portalPoll(chat.token);
    expect(
      seen.messages.map((m: { sender_type: string; sender_name: string }) => [m.sender_type, m.sender_name]),
    ).toEqual([
      ['customer', 'Fay First'],
      ['agent', x.users.agent.name],
      ['customer', 'Fay First'],
      ['agent', x.users.agent.name],
    ]);
  });

  it('internal notes change neither status nor first response, and never reach the portal', async () => {
    const chat = await x.chat({ name: 'Nick Note' });
    const note = await send({
      conversation_id: chat.conversationId,
      content: 'Customer is a VIP',
      is_private: true,
    });
    expect(note.status).toBe(201);
    expect(note.body.data.is_private).toBe(true);
    const data = await view(chat.conversationId);
    expect(data.conversation).toMatchObject({ status: 'open', first_reply_ts: null });
    expect(data.messages.map((m: { is_private: boolean }) => m.is_private)).toEqual([false, true]);
    const seen = await portalPoll(chat.token);
    expect(seen.messages.map((m: { content: string }) => m.content)).toEqual(['My order has not arrived']);
  });

  it('a repeated client_message_id returns the first message', async () => {
    const chat = await x.chat({ name: 'Ida Idem' });
    const body = { conversation_id: chat.conversationId, content: 'Once', client_message_id: 'abc-1' };
    const one = await send(body);
    const two = await send({ ...body, content: 'Twice' });
    expect(dataOf(two, 201)).toMatchObject({ message_id: one.body.data.message_id, content: 'Once' });
    expect((await view(chat.conversationId)).messages).toHaveLength(2);
  });

  it('records each reply and note as an activity, with the impersonating admin', async () => {
    const chat = await x.chat({ name: 'Ike Imp' });
    const asAgent = { ...x.sessions.platform, impersonate: x.users.agent.id };
    const res = await x.as(asAgent)('POST', '/messages', {
      body: { conversation_id: chat.conversationId, content: 'Hi' },
    });
    expect(res.status).toBe(201);
    // The console names the platform admin behind the reply; the customer sees the agent only.
    const via = `${x.users.agent.name} (via Pat Platform)`;
    expect(res.body.data.sender_name).toBe(via);
    const note = await x.as(asAgent)('POST', '/messages', {
      body: { conversation_id: chat.conversationId, content: 'Imp note', is_private: true },
    });
    expect(note.body.data.sender_name).toBe(via);
    const thread = await x.as(x.sessions.admin)('GET', '/conversation/poll', {
      query: { conversation_id: chat.conversationId },
    });
    const names = thread.body.data.messages.map((m: { content: string; sender_name: string }) => [
      m.content,
      m.sender_name,
    ]);
    expect(names).toEqual([
      ['My order has not arrived', 'Ike Imp'],
      ['Hi', via],
      ['Imp note', via],
    ]);
    const [, reply] = (await portalPoll(chat.token)).messages;
    expect(reply).toMatchObject({ content: 'Hi', sender_name: x.users.agent.name });
    const stored = await x.t.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, chat.conversationId));
    expect(stored.filter((m) => m.impersonatorUserId !== null).map((m) => m.content)).toEqual([
      'Hi',
      'Imp note',
    ]);
    await send({ conversation_id: chat.conversationId, content: 'Note', is_private: true });
    const logs = await x.t.db
      .select()
      .from(activities)
      .where(eq(activities.entityId, String(chat.conversationId)))
      .orderBy(activities.id);
    const mine = logs.filter((l) => l.action !== 'conversation.created');
    expect(mine.map((l) => [l.action, l.actorUserId, l.impersonatorUserId === null])).toEqual([
      ['conversation.replied', x.users.agent.id, false],
      ['conversation.note_added', x.users.agent.id, false],
      ['conversation.note_added', x.users.agent.id, true],
    ]);
  });

  it('needs text or a file', async () => {
    const chat = await x.chat({ name: 'Bea Blank' });
    for (const content of ['', '   ']) {
      const res = await send({ conversation_id: chat.conversationId, content });
      expect(fieldErrorsOf(res)).toEqual({ content: ['Please enter a message or attach a file'] });
    }
    const wrongType = await send({
      conversation_id: chat.conversationId,
      content: 'x',
      content_type: 'html',
    });
    expect(wrongType.status).toBe(422);
  });

  it('a reply to a closed conversation is stored but does not reopen the customer’s session', async () => {
    const chat = await x.chat({ name: 'Cleo Closed' });
    await x.expirePortal(chat.conversationId);
    expect((await portalPoll(chat.token)).conversation_status).toBe('closed');
    const res = await send({ conversation_id: chat.conversationId, content: 'Sorry we missed you' });
    expect(res.status).toBe(201);
    expect((await view(chat.conversationId)).conversation.status).toBe('closed');
    const seen = await portalPoll(chat.token);
    expect(seen.conversation_status).toBe('closed');
    expect(seen.messages.at(-1).content).toBe('Sorry we missed you');
    const blocked = await portal(x.t.app, 'POST', '/portal/messages', {
      token: chat.token,
      body: { content: 'Hi' },
    });
    expect(blocked.body.error.code).toBe('CONVERSATION_CLOSED');
  });
});

describe('console attachments', () => {
  it('uploads, sends with a reply, and the customer downloads it', async () => {
    const chat = await x.chat({ name: 'Alan Attach' });
    const viaQuery = await x.upload(x.sessions.agent, chat.conversationId, {
      name: 'invoice.pdf',
      data: PDF,
    });
    expect(dataOf(viaQuery, 201)).toMatchObject({ original_filename: 'invoice.pdf', file_size: PDF.length });
    const viaField = await x.upload(
      x.sessions.agent,
      chat.conversationId,
      { name: 'dot.png', data: PNG },
      { asField: true },
    );
    expect(viaField.status).toBe(201);
    const ids = [viaQuery.body.data.attachment_id, viaField.body.data.attachment_id];

    const own = await x.as(x.sessions.agent)('GET', `/attachments/download/${ids[1]}`);
    expect(own.status).toBe(200);
    const colleague = await x.as(x.sessions.outsider)('GET', `/attachments/download/${ids[1]}`);
    expect(colleague.status).toBe(404);
    const stolen = await send(
      { conversation_id: chat.conversationId, content: 'Mine now', attachments: [ids[0]] },
      'outsider',
    );
    expect(stolen.status).toBe(422);

    const res = await send({ conversation_id: chat.conversationId, content: '', attachments: ids });
    expect(res.status).toBe(201);
    expect(res.body.data.attachments.map((a: { original_filename: string }) => a.original_filename)).toEqual([
      'invoice.pdf',
      'dot.png',
    ]);
    const again = await send({
      conversation_id: chat.conversationId,
      content: 'Again',
      attachments: [ids[0]],
    });
    expect(again.status).toBe(422);

    const download = await x.as(x.sessions.outsider)('GET', `/attachments/download/${ids[0]}`);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('invoice.pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    const customer = await portal(x.t.app, 'GET', `/portal/attachment/download/${ids[0]}`, {
      token: chat.token,
    });
    expect(customer.status).toBe(200);
  });

  it('files of internal notes stay in the console; a customer’s unsent upload cannot be taken', async () => {
    const chat = await x.chat({ name: 'Nina Notefile' });
    const up = await x.upload(x.sessions.agent, chat.conversationId, { name: 'secret.png', data: PNG });
    await send({
      conversation_id: chat.conversationId,
      content: 'Internal',
      is_private: true,
      attachments: [up.body.data.attachment_id],
    });
    const customer = await portal(
      x.t.app,
      'GET',
      `/portal/attachment/download/${up.body.data.attachment_id}`,
      {
        token: chat.token,
      },
    );
    expect(customer.status).toBe(404);
    const theirs = await uploadFile(x.t.app, chat.token, 'mine.png', PNG);
    expect(theirs.status).toBe(201);
    const take = await send({
      conversation_id: chat.conversationId,
      content: 'x',
      attachments: [theirs.body.data.attachment_id],
    });
    expect(take.status).toBe(422);
    const peek = await x.as(x.sessions.agent)(
      'GET',
      `/attachments/download/${theirs.body.data.attachment_id}`,
    );
    expect(peek.status).toBe(404);
  });

  it('judges the bytes, limits the size, and sends only a file uploaded to the conversation', async () => {
    const chat = await x.chat({ name: 'Sam Size' });
    const spoofed = await x.upload(x.sessions.agent, chat.conversationId, { name: 'photo.png', data: EXE });
    expect(errorOf(spoofed, 415).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await x.upload(x.sessions.agent, chat.conversationId, { name: 'big.png', data: big });
    expect(tooBig.status).toBe(413);
    // No conversation: a file for a canned reply (contract section 13), which no message takes as it is.
    const nowhere = await x.upload(x.sessions.agent, null, { name: 'dot.png', data: PNG });
    expect(nowhere.status).toBe(201);
    const sent = await send({
      conversation_id: chat.conversationId,
      content: 'x',
      attachments: [nowhere.body.data.attachment_id],
    });
    expect(fieldErrorsOf(sent)).toEqual({ attachments: ['An attachment was not found or was already sent'] });
  });
});
