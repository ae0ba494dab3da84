import { hash, verify } from '@node-rs/argon2';

// Algorithm 2 is argon2id; the library's defaults (19 MiB, 2 passes) cost about 11 ms here.
const ARGON2ID = 2;

export const hashPassword = (password: string) => hash(password, { algorithm: ARGON2ID });

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Verified against when the email is unknown, so both failures take the same time. */
let dummyHash: Promise<string> | undefined;
export const timingSafeMiss = async (password: string) => {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
  return false;
};
