import { z } from 'zod';

export const Health = z.object({ status: z.literal('ok'), database: z.enum(['embedded', 'postgres']) });
export type Health = z.infer<typeof Health>;
