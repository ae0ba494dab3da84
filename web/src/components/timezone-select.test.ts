import { describe, expect, it } from 'vitest';
import { timezoneOptions } from './timezone-select';

describe('timezoneOptions', () => {
  it('offers UTC first, once, followed by the IANA zones', () => {
    const zones = timezoneOptions();
    expect(zones[0]).toBe('UTC');
    expect(zones.filter((z) => z === 'UTC')).toHaveLength(1);
    expect(zones).toContain('Europe/Berlin');
    expect(zones.length).toBeGreaterThan(100);
  });
});
