import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { hangUp } from '../../test/hang-up.ts';
import { trackInFlight } from './in-flight.ts';

/** A bare server with the shutdown's wait, one route whose handler ends when the test says, and one guarded. */
async function serve(drainMs: number) {
  const warnings: string[] = [];
  const app = Fastify({
    logger: { level: 'warn', stream: { write: (line: string) => warnings.push(JSON.parse(line).msg) } },
  });
  const inFlight = trackInFlight(app, drainMs);
  let finish = () => {};
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let handled = 0;
  app.post('/slow', async () => {
    await finished;
    handled += 1;
    return { ok: true };
  });
  app.post(
    '/guarded',
    { preHandler: async (_req, reply) => reply.code(401).send({ no: true }) },
    async () => ({}),
  );
  app.post('/reply-first', async (_req, reply) => {
    reply.send({ ok: true });
    await finished;
    handled += 1;
  });
  app.get('/quick', async () => ({ ok: true }));
  inFlight.waitOnClose();
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base, inFlight, finish, warnings, handled: () => handled };
}

/** Starts closing, looks whether the close ended within 200 ms, then lets the handlers finish and waits for it. */
async function closeAcross(s: Awaited<ReturnType<typeof serve>>) {
  let closed = false;
  const closing = s.app.close().then(() => {
    closed = true;
  });
  await sleep(200);
  const closedBeforeFinish = closed;
  s.finish();
  await closing;
  return { closedBeforeFinish };
}

describe('the shutdown’s wait for running requests', () => {
  it('waits for a handler whose client hung up', async () => {
    const s = await serve(10_000);
    await hangUp(s.app.server, `${s.base}/slow`);
    expect(await closeAcross(s)).toEqual({ closedBeforeFinish: false });
    expect(s.handled()).toBe(1);
    expect(s.warnings).toEqual([]);
  });

  it('waits for a handler that goes on after it has replied', async () => {
    const s = await serve(10_000);
    expect((await fetch(`${s.base}/reply-first`, { method: 'POST' })).status).toBe(200);
    expect(await closeAcross(s)).toEqual({ closedBeforeFinish: false });
    expect(s.handled()).toBe(1);
  });

  it('stops waiting after its limit, and says so', async () => {
    const s = await serve(150);
    await hangUp(s.app.server, `${s.base}/slow`);
    await s.app.close();
    expect(s.handled()).toBe(0);
    expect(s.warnings).toEqual(['shutdown: requests still running, closing anyway']);
    s.finish();
  });

  it('counts nothing once requests are answered, refused by a hook (its client gone or not) or not found', async () => {
    const s = await serve(10_000);
    const statuses = await Promise.all(
      [
        ['GET', '/quick'],
        ['POST', '/guarded'],
        ['GET', '/nowhere'],
      ].map(async ([method, path]) => (await fetch(`${s.base}${path}`, { method })).status),
    );
    expect(statuses).toEqual([200, 401, 404]);
    await hangUp(s.app.server, `${s.base}/guarded`);
    await expect.poll(() => s.inFlight.size).toBe(0);
    await s.app.close();
  });
});
