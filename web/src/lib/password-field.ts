import { MIN_PASSWORD_LENGTH } from '@inbox/contract';
import { z } from 'zod';

/**
 * A new account's password in the admin forms: empty means "let them choose", since every new user is
 * mailed a link to set one; anything typed must meet the length rule.
 */
export const optionalNewPassword = z
  .string()
  .refine(
    (p) => p === '' || p.length >= MIN_PASSWORD_LENGTH,
    `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  );

/** The body's password: left out when empty. */
export const passwordIfGiven = (password: string) => (password ? { password } : {});
