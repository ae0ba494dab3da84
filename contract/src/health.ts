import { z } from 'zod';

/** `degraded` (with HTTP 503) while the database does not answer; the process itself is up. */
export const Health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['embedded', 'postgres']),
});
export type Health = z.infer<typeof Health>;
