import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

const key = (secret: string) => new TextEncoder().encode(secret);

export function signAccessToken(secret: string, claims: AccessClaims) {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(key(secret));
}

/** Tokens already verified, with their claims, until they expire; the oldest go first past `VERIFIED_MAX`. */
const verified = new Map<string, { secret: string; claims: AccessClaims; exp: number }>();
const VERIFIED_MAX = 10_000;

/**
 * Only HS256 with our key passes: `alg: none`, other algorithms and foreign keys are refused.
 *
 * A token is checked once and then remembered until its expiry: a console polls with the same token every
 * few seconds, and the signature check was 5% of a poll's Node time. Revocation is not affected: the session
 * row is read on every request (plugins/auth.ts).
 */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  const known = verified.get(token);
  if (known && known.secret === secret && known.exp > Date.now() / 1000) return known.claims;
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.sid !== 'string') return null;
    const claims = { userId, sessionId: payload.sid };
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
    verified.set(token, { secret, claims, exp: payload.exp ?? 0 });
    return claims;
  } catch {
    return null;
  }
}

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
