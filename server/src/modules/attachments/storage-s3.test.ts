import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestContext } from '../../../test/app.ts';
import { createTenant, PASSWORD } from '../../../test/factories.ts';
import { PNG } from '../../../test/files.ts';
import { startChat, uploadFile } from '../../../test/portal.ts';
import { startTestS3, type TestS3 } from '../../../test/s3.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { attachments } from '../../db/schema/index.ts';
import { S3Storage } from './storage-s3.ts';

/** The S3 driver against a real S3-compatible server: what several machines behind a load balancer share. */
let s3: TestS3;

beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3.close());

async function bytesOf(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('S3 storage driver', () => {
  it('stores, reads back and deletes bytes; a deleted or missing key is not served', async () => {
    const storage = new S3Storage(s3.config());
    await storage.ready();
    const data = Buffer.from([0, 1, 2, 255, 254, ...Buffer.from('binary ✓')]);
    await storage.put('company-1/abc_DEF-1', data);
    expect(await bytesOf(await storage.get('company-1/abc_DEF-1'))).toEqual(data);
    await storage.delete('company-1/abc_DEF-1');
    await expect(storage.get('company-1/abc_DEF-1')).rejects.toThrow(/no stored file/);
    await expect(storage.delete('company-1/never-stored')).resolves.toBeUndefined();
    storage.close();
  });

  it('keeps each installation under its prefix', async () => {
    const one = new S3Storage(s3.config('one/'));
    const two = new S3Storage(s3.config('two/'));
    await one.put('k1', Buffer.from('first'));
    await expect(two.get('k1')).rejects.toThrow(/no stored file/);
    await two.put('k1', Buffer.from('second'));
    expect((await bytesOf(await one.get('k1'))).toString()).toBe('first');
    one.close();
    two.close();
  });

  it('refuses keys that are not ours before anything is sent', async () => {
    const storage = new S3Storage(s3.config());
    for (const key of ['../x', '/abs', 'a/../../b', 'a.b', '']) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
    }
    storage.close();
  });

  it('stops the start with a clear error when the bucket is not there', async () => {
    const storage = new S3Storage({ ...s3.config(), bucket: 'no-such-bucket' });
    await expect(storage.ready()).rejects.toThrow(/S3 bucket no-such-bucket is not reachable/);
    storage.close();
  });
});

describe('an installation on S3', () => {
  let t: TestContext;
  let second: Awaited<ReturnType<typeof buildApp>>;
  let secondDir: string;

  beforeAll(async () => {
    t = await createTestApp({ storage: s3.config('app/') });
    // A second server on the same database and bucket, with its own (empty) data folder: another machine.
    secondDir = await fs.mkdtemp(path.join(os.tmpdir(), 'inbox-second-'));
    second = await buildApp({ config: { ...t.config, dataDir: secondDir }, db: t.database });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
    await fs.rm(secondDir, { recursive: true, force: true });
  });

  it('serves a customer’s upload from any machine, writes nothing to the local folder, and deletes it with its app', async () => {
    const tenant = await createTenant(t.db);
    const chat = await startChat(t.app, tenant.app.id, { queueId: tenant.queue.id });
    const up = await uploadFile(t.app, chat.token, 'photo.png', PNG, 'image/png');
    expect(up.status).toBe(201);
    const id = up.body.data.attachment_id as number;
    await call(t.app, 'POST', '/portal/messages', {
      headers: { authorization: `Bearer ${chat.token}` },
      body: { attachments: [id] },
    });

    const agent = await loginAs(second, tenant.agent.email, PASSWORD, tenant.company.id);
    const fetchFrom = (app: typeof second) =>
      app.inject({
        method: 'GET',
        url: `/api/v1/attachments/download/${id}`,
        headers: { authorization: `Bearer ${agent.token}`, 'x-company-id': String(tenant.company.id) },
      });
    const downloaded = await fetchFrom(second);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.rawPayload).toEqual(PNG);
    const [row] = await t.db
      .select({ key: attachments.storageKey })
      .from(attachments)
      .where(eq(attachments.id, id));
    for (const dir of [t.config.dataDir, secondDir]) {
      await expect(fs.access(path.join(dir, 'attachments', row!.key))).rejects.toThrow(/ENOENT/);
    }

    const admin = await loginAs(second, tenant.admin.email, PASSWORD, tenant.company.id);
    expect((await call(second, 'DELETE', '/apps', { as: admin, query: { id: tenant.app.id } })).status).toBe(
      200,
    );
    // The bytes are gone from the bucket, not just the record.
    const probe = new S3Storage(s3.config('app/'));
    await expect(probe.get(row!.key)).rejects.toThrow(/no stored file/);
    probe.close();
  });

  it('will not start against a bucket that is missing', async () => {
    const config = { ...t.config, storage: { ...s3.config(), bucket: 'missing-bucket' } };
    await expect(buildApp({ config, db: t.database })).rejects.toThrow(
      /S3 bucket missing-bucket is not reachable/,
    );
  });
});

describe('STORAGE_DRIVER configuration', () => {
  it('asks for a bucket, and for both keys or neither', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' } as NodeJS.ProcessEnv)).toThrow(/S3_BUCKET: required/);
    expect(() =>
      loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' } as NodeJS.ProcessEnv),
    ).toThrow(/set both or neither/);
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp' } as NodeJS.ProcessEnv)).toThrow(/STORAGE_DRIVER/);
    expect(
      loadConfig({
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'b',
        S3_ENDPOINT: 'http://s3.local:9000',
      } as NodeJS.ProcessEnv).storage,
    ).toMatchObject({
      driver: 's3',
      bucket: 'b',
      forcePathStyle: true,
      credentials: undefined,
    });
    expect(loadConfig({} as NodeJS.ProcessEnv).storage).toEqual({ driver: 'local' });
  });
});
