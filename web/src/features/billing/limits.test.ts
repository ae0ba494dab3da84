import { describe, expect, it } from 'vitest';
import { RESOURCES, standing } from './limits';

describe('usage against limits', () => {
  it('is fine below 80 %, near from 80 %, over past the limit, and never limited without one', () => {
    expect(standing(79, 100)).toEqual({ share: 0.79, level: 'ok' });
    expect(standing(80, 100)).toEqual({ share: 0.8, level: 'near' });
    expect(standing(101, 100).level).toBe('over');
    expect(standing(5000, null)).toEqual({ share: null, level: 'ok' });
  });

  it('writes storage in whole units where it can, as plans state it', () => {
    const storage = RESOURCES.find((r) => r.key === 'storage_bytes')!.format;
    expect(storage(512 * 1024 * 1024)).toBe('512 MB');
    expect(storage(1000 * 1024 ** 3)).toBe('1,000 GB');
    expect(storage(37.46 * 1024 * 1024)).toBe('37.5 MB');
    expect(storage(0)).toBe('0 B');
  });
});
