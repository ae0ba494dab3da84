import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/**
 * HTTP calls to addresses a customer typed (webhook targets): refused when they lead to this machine, a
 * private network, a link-local or a cloud metadata address (contract section 10). The check runs on the
 * addresses DNS gives, at connection time (so a name cannot resolve to a public address when saved and a
 * private one when called), and again on every redirect.
 */

const blocked = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net4, prefix, 'ipv4');
}
for (const [net6, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net6, prefix, 'ipv6');
}

/** Whether a call may go to this IP address. IPv4 written as IPv6 (`::ffff:10.0.0.1`) is judged as IPv4. */
export function isPublicAddress(address: string) {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = net.isIP(ip);
  if (family === 0) return false;
  return !blocked.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

export const PRIVATE_TARGET = 'This address leads to a private or local network, which webhooks may not call';

/** Null when the URL's host resolves to public addresses only (or private ones are allowed); else why not. */
export async function targetProblem(url: string, allowPrivate: boolean): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Give a full http:// or https:// URL';
  }
  if (!['http:', 'https:'].includes(parsed.protocol)) return 'Give a full http:// or https:// URL';
  if (allowPrivate) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return isPublicAddress(host) ? null : PRIVATE_TARGET;
  try {
    const addresses = await dns.promises.lookup(host, { all: true });
    return addresses.every((a) => isPublicAddress(a.address)) ? null : PRIVATE_TARGET;
  } catch {
    return 'This host name does not resolve';
  }
}

export interface OutboundAnswer {
  status: number;
  body: string;
}

/** Connects only to public addresses: the lookup every socket of the request uses. */
const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => !isPublicAddress(a.address));
    if (bad || list.length === 0) return callback(new Error(PRIVATE_TARGET), '', 0);
    if ((options as dns.LookupOptions).all) return callback(null, list as unknown as string, 0);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};

function once(
  url: URL,
  opts: {
    method: string;
    headers: Record<string, string>;
    body?: string | Buffer;
    timeoutMs: number;
    allowPrivate: boolean;
  },
): Promise<OutboundAnswer & { location?: string }> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!opts.allowPrivate && net.isIP(host) && !isPublicAddress(host)) {
      reject(new Error(PRIVATE_TARGET));
      return;
    }
    const lib = url.protocol === 'https:' ? https : http;
    const req = lib.request(
      url,
      {
        method: opts.method,
        headers:
          opts.body === undefined
            ? opts.headers
            : { ...opts.headers, 'content-length': Buffer.byteLength(opts.body) },
        timeout: opts.timeoutMs,
        ...(opts.allowPrivate ? {} : { lookup: guardedLookup }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          // Only the start of an answer is kept: enough for an error message.
          if (size < 4096) chunks.push(c);
          size += c.length;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8').slice(0, 4096),
            location: res.headers.location,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`No answer within ${opts.timeoutMs / 1000} s`)));
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

/** One request with the guard, following up to three redirects (each one checked again). */
export async function outboundRequest(
  url: string,
  opts: {
    method: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    timeoutMs?: number;
    allowPrivate: boolean;
  },
): Promise<OutboundAnswer> {
  let target = new URL(url);
  for (let hop = 0; ; hop++) {
    const answer = await once(target, {
      method: opts.method,
      headers: opts.headers ?? {},
      body: opts.body,
      timeoutMs: opts.timeoutMs ?? 10_000,
      allowPrivate: opts.allowPrivate,
    });
    if (answer.status < 300 || answer.status >= 400 || !answer.location) return answer;
    if (hop === 3) throw new Error('Too many redirects');
    target = new URL(answer.location, target);
    if (!['http:', 'https:'].includes(target.protocol))
      throw new Error('Redirected to something that is not http');
  }
}
