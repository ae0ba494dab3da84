import { connect } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/free-port.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { AttachmentStorage } from '../attachments/storage.ts';
import { startEmailListener } from './email-listener.ts';

/** The first line an SMTP client reads from the port. */
const greeting = (port: number) =>
  new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('data', (d) => {
      resolve(d.toString());
      socket.end();
    });
    socket.once('error', reject);
  });

const quiet = { info() {}, warn() {} } as unknown as FastifyBaseLogger;
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function listener(port: number) {
  const config = { publicUrl: 'http://inbox.test', host: '127.0.0.1', smtpListenPort: port } as Config;
  const l = await startEmailListener({
    // The mail path is not reached: these tests only bind the port and read the greeting.
    db: {} as Db,
    storage: {} as AttachmentStorage,
    config,
    log: quiet,
    kick: () => {},
    retryMs: 50,
  });
  stops.push(l.stop);
  return l;
}

describe('the SMTP listener with several processes on one machine', () => {
  it('is held by one process, and another takes the port over when that one stops', async () => {
    const port = await freePort();
    const first = await listener(port);
    const second = await listener(port);
    expect(first.port).toBe(port);
    expect(second.port).toBeNull();
    expect(await greeting(port)).toMatch(/^220 /);

    await first.stop();
    await expect.poll(() => second.port, { timeout: 5000 }).toBe(port);
    expect(await greeting(port)).toMatch(/^220 /);
  });

  it('stops trying once stopped, leaving the port free', async () => {
    const port = await freePort();
    const first = await listener(port);
    const second = await listener(port);
    await second.stop();
    await first.stop();
    await new Promise((r) => setTimeout(r, 200));
    expect(second.port).toBeNull();
    // Nothing listens: a new process binds at once.
    const third = await listener(port);
    expect(third.port).toBe(port);
  });
});
