import http from 'node:http';

/**
 * Sends a request and hangs up as soon as `server` has it, returning once the server has seen the client
 * leave: what a client that gives up mid-request looks like to a shutdown.
 */
export async function hangUp(
  server: http.Server,
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  const arrived = new Promise<http.IncomingMessage>((resolve) => server.once('request', resolve));
  const client = http.request(url, { method: opts.method ?? 'POST', headers: opts.headers });
  client.on('error', () => undefined);
  client.end(opts.body);
  const request = await arrived;
  const gone = new Promise((resolve) => request.socket.once('close', resolve));
  client.destroy();
  await gone;
}
