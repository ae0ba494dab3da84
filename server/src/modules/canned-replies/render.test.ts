import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { before, call, loginAs, type Session, useTestApp } from '../../../test/app.ts';
import { createApp, createTenant, PASSWORD } from '../../../test/factories.ts';
import { PDF, PNG } from '../../../test/files.ts';
import { startChat } from '../../../test/portal.ts';
import { consoleUpload } from '../../../test/uploads.ts';

/**
 * Rendering a canned reply in a conversation (contract section 13): placeholders with and without values
 * and fallbacks, and its files as uploads that `POST /messages` sends, each render its own, surviving the
 * reply's deletion.
 */
const t = useTestApp();

const world = before(async () => {
  const tenant = await createTenant(t.db);
  const admin = await loginAs(t.app, tenant.admin.email, PASSWORD, tenant.company.id);
  const agent = await loginAs(t.app, tenant.agent.email, PASSWORD, tenant.company.id);
  // Portal chats are unverified: their customer fields are what the visitor typed, used as stored.
  const chat = await startChat(t.app, tenant.app.id, {
    queueId: tenant.queue.id,
    name: 'Casey Quinn Customer',
    email: 'casey.q@example.test',
  });
  const hidden = await createApp(t.db, tenant.company.id, { name: 'Hidden app' });
  const hiddenChat = await startChat(t.app, hidden.id);
  const number = await t.db.execute<{ number: number }>(
    sql`select number from conversations where id = ${chat.conversationId}`,
  );
  return { tenant, admin, agent, chat, hiddenChat, number: number.rows[0]!.number };
});

let codes = 0;
async function reply(as: Session, content: string, attachments: number[] = []) {
  const res = await call(t.app, 'POST', '/canned-replies', {
    as,
    body: { scope: 'company', short_code: `r${++codes}`, title: 'T', content, attachments },
  });
  expect(res.status).toBe(201);
  return res.body.data as { canned_reply_id: number; attachments: { attachment_id: number }[] };
}

const render = (as: Session, cannedReplyId: number, conversationId = world.chat.conversationId) =>
  call(t.app, 'POST', '/canned-replies/render', {
    as,
    body: { canned_reply_id: cannedReplyId, conversation_id: conversationId },
  });

function download(as: Session, id: number) {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/attachments/download/${id}`,
    headers: { authorization: `Bearer ${as.token}`, 'x-company-id': String(as.companyId) },
  });
}

describe('placeholders', () => {
  it('fills every value the conversation, the agent and the company have', async () => {
    const { canned_reply_id } = await reply(
      world.admin,
      'Hi {{customer.first_name}} ({{ customer.name }}, {{customer.email}}), {{agent.first_name}} here ' +
        '({{agent.name}}) for {{app.name}} / {{queue.name}} on #{{conversation.number}}.',
    );
    const res = await render(world.agent, canned_reply_id);
    expect(res.status).toBe(200);
    const { tenant, number } = world;
    expect(res.body.data).toEqual({
      content:
        `Hi Casey (Casey Quinn Customer, casey.q@example.test), Alex here (Alex Agent) for ${tenant.app.name} / ` +
        `${tenant.queue.name} on #${number}.`,
      attachments: [],
      missing: [],
    });
  });

  it('uses a fallback only where there is no value, and leaves the rest in the text, named in missing', async () => {
    const { canned_reply_id } = await reply(
      world.admin,
      'Hi {{customer.first_name | "there"}}, call {{customer.phone | "us"}}? {{customer.phone}} {{order.id}} ' +
        '{{customer.phone}}',
    );
    const res = await render(world.agent, canned_reply_id);
    expect(res.body.data.content).toBe(
      'Hi Casey, call us? {{customer.phone}} {{order.id}} {{customer.phone}}',
    );
    expect(res.body.data.missing).toEqual(['customer.phone', 'order.id']);
  });

  it('says when the company next opens, from its business hours in its timezone', async () => {
    const { canned_reply_id } = await reply(world.admin, 'Back {{business_hours.next_open}}.');
    expect((await render(world.agent, canned_reply_id)).body.data.content).toBe('Back now.');
    const minute = [{ start: '06:00', end: '06:01' }];
    const days = Object.fromEntries(
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, minute]),
    );
    const put = await call(t.app, 'PUT', '/companies', {
      as: world.admin,
      query: { id: world.tenant.company.id },
      body: { timezone: 'Asia/Tokyo', business_hours: { days, holidays: [] } },
    });
    expect(put.status).toBe(200);
    const res = await render(world.agent, canned_reply_id);
    // 06:00 in Tokyo, whatever the server's zone; "now" only in that one minute.
    expect(res.body.data.content).toMatch(
      /^Back ((Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d{1,2} [A-Z][a-z]+ at 06:00|now)\.$/,
    );
    await call(t.app, 'PUT', '/companies', {
      as: world.admin,
      query: { id: world.tenant.company.id },
      body: { business_hours: null },
    });
  });

  it('answers 404 for a conversation the caller cannot see', async () => {
    const { canned_reply_id } = await reply(world.admin, 'Hello');
    expect((await render(world.agent, canned_reply_id, world.hiddenChat.conversationId)).status).toBe(404);
    expect((await render(world.admin, canned_reply_id, world.hiddenChat.conversationId)).status).toBe(200);
  });
});

describe('files', () => {
  it('are sent with POST /messages, a fresh copy each render, and outlive the reply', async () => {
    const upload = await consoleUpload(t, world.admin, null, { name: 'terms.pdf', data: PDF });
    expect(upload.status).toBe(201);
    const canned = await reply(world.admin, 'Our terms, attached.', [upload.body.data.attachment_id]);
    expect(canned.attachments).toEqual([
      {
        attachment_id: upload.body.data.attachment_id,
        original_filename: 'terms.pdf',
        file_size: PDF.length,
      },
    ]);
    // The picker's list shows the files beside a reply without any (which reads none).
    const plain = await reply(world.admin, 'No files here.');
    const listed = await call(t.app, 'GET', '/canned-replies', { as: world.agent, query: { limit: 100 } });
    const byId = new Map(
      listed.body.data.map((r: { canned_reply_id: number; attachments: unknown[] }) => [
        r.canned_reply_id,
        r.attachments,
      ]),
    );
    expect(byId.get(canned.canned_reply_id)).toEqual(canned.attachments);
    expect(byId.get(plain.canned_reply_id)).toEqual([]);

    const sent: number[] = [];
    for (let i = 0; i < 2; i++) {
      const rendered = (await render(world.agent, canned.canned_reply_id)).body.data;
      expect(rendered.attachments).toHaveLength(1);
      const file = rendered.attachments[0];
      expect(file).toMatchObject({
        original_filename: 'terms.pdf',
        file_size: PDF.length,
        mime_type: 'application/pdf',
      });
      expect(file.attachment_id).not.toBe(upload.body.data.attachment_id);
      const message = await call(t.app, 'POST', '/messages', {
        as: world.agent,
        body: {
          conversation_id: world.chat.conversationId,
          content: rendered.content,
          attachments: [file.attachment_id],
        },
      });
      expect(message.status).toBe(201);
      expect(message.body.data.attachments.map((a: { attachment_id: number }) => a.attachment_id)).toEqual([
        file.attachment_id,
      ]);
      sent.push(file.attachment_id);
    }
    expect(new Set(sent).size).toBe(2);
    // A copy that went out once is not sendable again.
    const again = await call(t.app, 'POST', '/messages', {
      as: world.agent,
      body: { conversation_id: world.chat.conversationId, content: 'Again', attachments: [sent[0]] },
    });
    expect(again.status).toBe(422);

    const gone = await call(t.app, 'DELETE', '/canned-replies', {
      as: world.admin,
      query: { id: canned.canned_reply_id },
    });
    expect(gone.status).toBe(200);
    for (const id of sent) {
      const file = await download(world.agent, id);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(PDF)).toBe(true);
    }
    const left = await t.db.execute(
      sql`select 1 from attachments where id = ${upload.body.data.attachment_id}`,
    );
    expect(left.rows).toEqual([]);
  });

  it("takes over the uploader's file: no longer a loose upload, and no second reply may take it", async () => {
    const upload = await consoleUpload(t, world.admin, null, { name: 'pic.png', data: PNG });
    const id = upload.body.data.attachment_id;
    expect((await download(world.admin, id)).statusCode).toBe(200);
    await reply(world.admin, 'With a picture', [id]);
    const second = await call(t.app, 'POST', '/canned-replies', {
      as: world.admin,
      body: { scope: 'company', short_code: `r${++codes}`, title: 'T', content: 'x', attachments: [id] },
    });
    expect(second.status).toBe(422);
    // The reply's own file is not a message's, nor anyone's upload: downloading it by id is refused.
    expect((await download(world.admin, id)).statusCode).toBe(404);
  });

  it('keeps, adds and drops files on a change, deleting only the dropped ones', async () => {
    const a = (await consoleUpload(t, world.admin, null, { name: 'a.pdf', data: PDF })).body.data
      .attachment_id;
    const b = (await consoleUpload(t, world.admin, null, { name: 'b.png', data: PNG })).body.data
      .attachment_id;
    const canned = await reply(world.admin, 'Files', [a]);
    const changed = await call(t.app, 'PUT', '/canned-replies', {
      as: world.admin,
      query: { id: canned.canned_reply_id },
      body: { attachments: [b] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.attachments.map((f: { attachment_id: number }) => f.attachment_id)).toEqual([b]);
    const rows = await t.db.execute(sql`select id from attachments where id in (${a}, ${b}) order by id`);
    expect(rows.rows.map((r) => Number(r.id))).toEqual([b]);
  });

  it('takes a file uploaded to a conversation, as the composer makes it ("Save as canned reply")', async () => {
    const upload = await consoleUpload(t, world.agent, world.chat.conversationId, {
      name: 'c.pdf',
      data: PDF,
    });
    const res = await call(t.app, 'POST', '/canned-replies', {
      as: world.agent,
      body: {
        scope: 'personal',
        short_code: 'from-composer',
        title: 'T',
        content: 'x',
        attachments: [upload.body.data.attachment_id],
      },
    });
    expect(res.status).toBe(201);
    // Now the reply's: it can no longer go out as the agent's loose upload.
    const send = await call(t.app, 'POST', '/messages', {
      as: world.agent,
      body: {
        conversation_id: world.chat.conversationId,
        content: 'x',
        attachments: [upload.body.data.attachment_id],
      },
    });
    expect(send.status).toBe(422);
  });
});
