import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const b64u = (b: Buffer) => b.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** A browser's side of a push subscription: its P-256 key pair and auth secret (RFC 8291). */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } };
}
export type BrowserKeys = ReturnType<typeof browserKeys>;

/** Opens an aes128gcm push message (RFC 8188 framing, RFC 8291 keys) as the browser would. */
export function decryptPush(body: Buffer, browser: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const cipher = body.subarray(21 + idLength);
  const secret = browser.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), serverPublic]);
  const ikm = hmac(hmac(browser.auth, secret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipher.subarray(cipher.length - 16));
  const plain = Buffer.concat([decipher.update(cipher.subarray(0, cipher.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then any padding zeros.
  let end = plain.length;
  while (end > 0 && plain[end - 1] === 0) end--;
  if (plain[end - 1] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end - 1).toString('utf8');
}

/**
 * Whether a request carries a VAPID JWT (RFC 8292) signed (ES256) by the given public key (base64url,
 * uncompressed point) for this push service's origin, not expired, naming its sender.
 */
export function vapidProblem(header: string | undefined, publicKey: string, origin: string): string | null {
  const m = /^vapid t=([^,]+),\s*k=(.+)$/.exec(header ?? '');
  if (!m) return `no vapid authorization: ${header}`;
  if (m[2] !== publicKey) return 'another key';
  const [head, payload, signature] = m[1]!.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  if (!signed) return 'bad signature';
  if (JSON.parse(Buffer.from(head!, 'base64url').toString()).alg !== 'ES256') return 'not ES256';
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
  if (claims.aud !== origin) return `audience ${claims.aud}`;
  if (!(claims.exp > Date.now() / 1000)) return 'expired';
  if (!/^(mailto:|https:)/.test(claims.sub)) return `subject ${claims.sub}`;
  return null;
}

export interface Push {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A push service on a loopback port: it keeps every request and answers 201, or `status(path)` when given
 * (410 for a subscription it no longer knows).
 */
export async function startPushService(status: (path: string) => number = () => 201) {
  const received: Push[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(status(req.url ?? '')).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
