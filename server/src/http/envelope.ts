import type { ListMeta } from '@inbox/contract';

export const ok = <T>(data: T) => ({ success: true as const, data });

export const list = <T>(data: T[], meta: ListMeta) => ({ success: true as const, data, meta });

export const done = (message: string) => ok({ message });
