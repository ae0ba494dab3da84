// A small round-robin HTTP proxy for local use of several server processes (`npm run cluster`). Streams
// pass through as they come (event streams included); a backend that refuses a connection is skipped for
// a few seconds. In production put nginx or any load balancer in front instead (README, "Several processes").
import http from 'node:http';

const SKIP_MS = 5000;

export function startProxy({ port, host = '0.0.0.0', backends }) {
  const downUntil = new Map();
  let next = 0;
  const pick = () => {
    const now = Date.now();
    for (let i = 0; i < backends.length; i++) {
      const b = backends[(next + i) % backends.length];
      if ((downUntil.get(b) ?? 0) <= now) {
        next = (next + i + 1) % backends.length;
        return b;
      }
    }
    return backends[next++ % backends.length];
  };

  // Once the proxy is closing, each answer ends its connection, so no client sends its next request on a
  // connection about to be closed under it.
  const closingHeaders = () => (server.listening ? {} : { connection: 'close' });

  const server = http.createServer((req, res) => {
    const backend = pick();
    const forwarded = req.headers['x-forwarded-for'];
    const client = req.socket.remoteAddress ?? '';
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: backend,
        method: req.method,
        path: req.url,
        headers: {
          ...req.headers,
          'x-forwarded-for': forwarded ? `${forwarded}, ${client}` : client,
          'x-forwarded-proto': 'http',
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...closingHeaders() });
        answer.pipe(res);
      },
    );
    upstream.on('error', (err) => {
      if (err.code === 'ECONNREFUSED') downUntil.set(backend, Date.now() + SKIP_MS);
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json', ...closingHeaders() });
        res.end(
          JSON.stringify({
            success: false,
            message: 'The server is restarting. Please try again.',
            error: { code: 'SERVICE_UNAVAILABLE', message: 'The server is restarting. Please try again.' },
          }),
        );
      } else res.destroy();
    });
    // The client went away (a closed event stream): end the upstream request too.
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}
