import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startProxy } from '../../scripts/round-robin-proxy.mjs';
import { freePort } from './free-port.ts';

/** The proxy of `npm run cluster`, in front of two small backends that answer with their own name. */
const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

async function backend(name: string, delayMs = 0) {
  const server = http.createServer((_req, res) => {
    setTimeout(() => res.end(name), delayMs);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

// Kept-alive connections, as browsers and load generators keep them: only then does `connection` say anything.
const agent = new http.Agent({ keepAlive: true });
afterEach(() => agent.destroy());

function get(port: number) {
  return new Promise<{ body: string; connection: string | undefined }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
        let body = '';
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => resolve({ body, connection: res.headers.connection }));
      })
      .on('error', reject);
  });
}

describe('the cluster proxy', () => {
  it('sends requests to the processes in turn', async () => {
    const port = await freePort();
    servers.push(
      await startProxy({ port, host: '127.0.0.1', backends: [await backend('a'), await backend('b')] }),
    );
    const bodies = [await get(port), await get(port), await get(port)].map((r) => r.body);
    expect(bodies).toEqual(['a', 'b', 'a']);
  });

  it('once closing, finishes the answer in flight, ends its connection and takes no new one', async () => {
    const port = await freePort();
    const proxy = await startProxy({ port, host: '127.0.0.1', backends: [await backend('slow', 300)] });
    servers.push(proxy);
    const inFlight = get(port);
    await new Promise((r) => setTimeout(r, 100));
    const closed = new Promise((r) => proxy.close(r));
    expect(await inFlight).toEqual({ body: 'slow', connection: 'close' });
    await expect(get(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await closed;
  });
});
