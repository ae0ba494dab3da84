import { MAX_ATTACHMENT_BYTES } from '@inbox/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dataOf, errorOf, fieldErrorsOf } from '../../../test/answers.ts';
import { CSV, DOC, DOCX, EXE, HTML, PDF, PLAIN_ZIP, PNG, XLSX } from '../../../test/files.ts';
import { agentSend, portal, startChat, uploadFile, usePortalSuite } from '../../../test/portal.ts';
import { attachments, conversations } from '../../db/schema/index.ts';
import { storeAttachment, storeUpload } from '../attachments/service.ts';
import type { AttachmentStorage } from '../attachments/storage.ts';

const { t, tenant } = usePortalSuite();

const chat = () => startChat(t.app, tenant.app.id, { queueId: tenant.queue.id });
const download = (token: string, id: number) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/portal/attachment/download/${id}?token=${encodeURIComponent(token)}`,
  });

describe('portal attachments', () => {
  it.each([
    ['photo.png', PNG, 'image/png'],
    ['report.pdf', PDF, 'application/pdf'],
    ['letter.docx', DOCX, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['sheet.xlsx', XLSX, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['old.doc', DOC, 'application/msword'],
    ['list.csv', CSV, 'text/csv'],
    ['notes.txt', CSV, 'text/plain'],
  ])('accepts %s, sends it and serves it back', async (name, bytes, mime) => {
    const c = await chat();
    const up = await uploadFile(t.app, c.token, name, bytes);
    expect(dataOf(up, 201)).toEqual({
      attachment_id: expect.any(Number),
      original_filename: name,
      file_size: bytes.length,
      mime_type: mime,
    });
    const id = up.body.data.attachment_id;
    const sent = await portal(t.app, 'POST', '/portal/messages', {
      token: c.token,
      body: { content: '', attachments: [id] },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.data.attachments).toEqual([up.body.data]);
    const polled = await portal(t.app, 'GET', '/portal/poll', { token: c.token });
    expect(polled.body.data.messages.at(-1).attachments).toEqual([up.body.data]);
    const file = await download(c.token, id);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(bytes)).toBe(true);
    expect(file.headers['content-type']).toContain(mime);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''${name}`);
  });

  it('keeps a non-ASCII name, RFC 5987 encoded, and never uses it as a path', async () => {
    const c = await chat();
    const up = await uploadFile(t.app, c.token, '../../Prüfung (Q1) 100%.pdf', PDF);
    expect(up.body.data.original_filename).toBe('Prüfung (Q1) 100%.pdf');
    await portal(t.app, 'POST', '/portal/messages', {
      token: c.token,
      body: { attachments: [up.body.data.attachment_id] },
    });
    const file = await download(c.token, up.body.data.attachment_id);
    expect(file.headers['content-disposition']).toBe(
      `inline; filename="Pr_fung (Q1) 100_.pdf"; filename*=UTF-8''Pr%C3%BCfung%20%28Q1%29%20100%25.pdf`,
    );
    const csv = await uploadFile(t.app, c.token, 'data.csv', CSV);
    await portal(t.app, 'POST', '/portal/messages', {
      token: c.token,
      body: { attachments: [csv.body.data.attachment_id] },
    });
    const sheet = await download(c.token, csv.body.data.attachment_id);
    expect(sheet.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it.each([
    ['an HTML page named .png', 'cat.png', HTML, 'image/png'],
    ['an HTML page named .txt', 'notes.txt', HTML, 'text/plain'],
    ['an executable named .pdf', 'invoice.pdf', EXE, 'application/pdf'],
    [
      'a ZIP named .docx',
      'letter.docx',
      PLAIN_ZIP,
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    ['plain text named .exe', 'run.exe', CSV, 'text/plain'],
    ['an empty file', 'empty.txt', Buffer.alloc(0), 'text/plain'],
  ])('refuses %s with 415', async (_label, name, bytes, type) => {
    const c = await chat();
    const up = await uploadFile(t.app, c.token, name, bytes, type);
    expect(errorOf(up, 415).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('leaves no file in storage when an upload cannot be claimed', async () => {
    const c = await chat();
    const real = t.app.deps.storage;
    const keys: string[] = [];
    const recording: AttachmentStorage = {
      put: (key, data) => {
        keys.push(key);
        return real.put(key, data);
      },
      get: (key) => real.get(key),
      delete: (key) => real.delete(key),
      ready: () => real.ready(),
      close: () => {},
    };
    const where = { companyId: tenant.company.id, conversationId: c.conversationId };
    const upload = storeUpload(t.db, { storage: recording, ...where, filename: 'a.pdf', data: PDF }, () =>
      Promise.reject(new Error('claim refused')),
    );
    await expect(upload).rejects.toThrow('claim refused');
    expect(keys).toHaveLength(1);
    await expect(real.get(keys[0]!)).rejects.toThrow();
    const rows = await t.db.select().from(attachments).where(eq(attachments.storageKey, keys[0]!));
    expect(rows).toEqual([]);
  });

  it('refuses a file over 10 MiB with 413', async () => {
    const c = await chat();
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_ATTACHMENT_BYTES)]);
    const up = await uploadFile(t.app, c.token, 'big.png', big);
    expect(errorOf(up, 413).code).toBe('PAYLOAD_TOO_LARGE');
    const exact = Buffer.concat([PNG, Buffer.alloc(MAX_ATTACHMENT_BYTES - PNG.length)]);
    expect((await uploadFile(t.app, c.token, 'exact.png', exact)).status).toBe(201);
  });

  it('answers 422 when the request has no file part', async () => {
    const c = await chat();
    const res = await portal(t.app, 'POST', '/portal/attachment/upload', {
      token: c.token,
      inQuery: true,
      body: {},
    });
    expect(fieldErrorsOf(res).file).toBeDefined();
  });

  it('never serves another conversation’s file, an internal note’s, or an unsent upload', async () => {
    const mine = await chat();
    const theirs = await chat();
    const up = await uploadFile(t.app, theirs.token, 'private.pdf', PDF);
    const id = up.body.data.attachment_id;
    expect((await download(theirs.token, id)).statusCode).toBe(404);
    await portal(t.app, 'POST', '/portal/messages', { token: theirs.token, body: { attachments: [id] } });
    expect((await download(theirs.token, id)).statusCode).toBe(200);
    const foreign = await download(mine.token, id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('NOT_FOUND');
    // Nor can it be attached to my message.
    const stolen = await portal(t.app, 'POST', '/portal/messages', {
      token: mine.token,
      body: { attachments: [id] },
    });
    expect(stolen.status).toBe(422);

    const storage = t.app.deps.storage;
    const where = { companyId: tenant.company.id, conversationId: mine.conversationId };
    const note = await storeAttachment({ db: t.db, storage, ...where, filename: 'internal.pdf', data: PDF });
    await agentSend(t.db, where, tenant.agent.id, 'internal', { isPrivate: true, attachments: [note.id] });
    expect((await download(mine.token, note.id)).statusCode).toBe(404);
    const shared = await storeAttachment({ db: t.db, storage, ...where, filename: 'guide.pdf', data: PDF });
    // An agent's upload not yet sent cannot be claimed by the customer either.
    const claim = await portal(t.app, 'POST', '/portal/messages', {
      token: mine.token,
      body: { attachments: [shared.id] },
    });
    expect(claim.status).toBe(422);
    await agentSend(t.db, where, tenant.agent.id, 'here is the guide', { attachments: [shared.id] });
    const polled = await portal(t.app, 'GET', '/portal/poll', { token: mine.token });
    expect(polled.body.data.messages.at(-1)).toMatchObject({
      sender_type: 'agent',
      attachments: [{ attachment_id: shared.id }],
    });
    expect((await download(mine.token, shared.id)).statusCode).toBe(200);
  });

  it('refuses uploads once the conversation ended, but still serves its files', async () => {
    const c = await chat();
    const up = await uploadFile(t.app, c.token, 'a.png', PNG);
    await portal(t.app, 'POST', '/portal/messages', {
      token: c.token,
      body: { attachments: [up.body.data.attachment_id] },
    });
    await t.db
      .update(conversations)
      .set({ status: 'resolved' })
      .where(eq(conversations.id, c.conversationId));
    const late = await uploadFile(t.app, c.token, 'b.png', PNG);
    expect(errorOf(late, 403).code).toBe('CONVERSATION_RESOLVED');
    expect((await download(c.token, up.body.data.attachment_id)).statusCode).toBe(200);
  });

  it('sends one attachment only once', async () => {
    const c = await chat();
    const up = await uploadFile(t.app, c.token, 'a.png', PNG);
    const body = { content: 'first', attachments: [up.body.data.attachment_id] };
    expect((await portal(t.app, 'POST', '/portal/messages', { token: c.token, body })).status).toBe(201);
    const again = await portal(t.app, 'POST', '/portal/messages', {
      token: c.token,
      body: { ...body, content: 'second' },
    });
    expect(fieldErrorsOf(again).attachments).toBeDefined();
  });
});
