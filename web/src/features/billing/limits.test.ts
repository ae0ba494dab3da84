import { describe, expect, it } from 'vitest';
import { RESOURCES, standing } from './limits';

describe('usage against limits', () => {
  it('is fine below 80 %, near from 80 %, over past the limit, and never limited without one', () => {
    expect(standing(79, 100)).toEqual({ share: 0.79, level: 'ok' });
    expect(standing(80, 100)).toEqual({ share: 0.8, level: 'near' });
    expect(standing(101, 100).level).toBe('over');
    expect(standing(5000, null)).toEqual({ share: null, level: 'ok' });
  });

  it('writes storage as a file size', () => {
    expect(RESOURCES.find((r) => r.key === 'storage_bytes')!.format(512 * 1024 * 1024)).toBe('512.0 MB');
  });
});
