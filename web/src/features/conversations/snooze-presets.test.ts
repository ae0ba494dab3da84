import { weekHours } from '@inbox/contract';
import { describe, expect, it } from 'vitest';
import { companyInstant, snoozePresets } from './snooze-presets';

const byKey = (p: ReturnType<typeof snoozePresets>) =>
  Object.fromEntries(p.map((x) => [x.key, x.until?.toISOString() ?? null]));

describe('snooze presets', () => {
  it('are computed on the company’s clocks, not the browser’s', () => {
    // Wednesday 2 Dec 2026, 10:00 in New York (15:00 UTC).
    const now = new Date('2026-12-02T15:00:00Z');
    const p = byKey(snoozePresets(now, 'America/New_York', null));
    expect(p).toEqual({
      hour: '2026-12-02T16:00:00.000Z',
      tonight: '2026-12-02T23:00:00.000Z',
      tomorrow: '2026-12-03T14:00:00.000Z',
      next_week: '2026-12-07T14:00:00.000Z',
      reply: null,
    });
  });

  it('offer the next opening only while the company is closed, and no tonight late in the day', () => {
    const hours = { days: weekHours('09:00', '17:00'), holidays: [] };
    // Friday 4 Dec 2026, 19:00 in Berlin: closed until Monday 09:00.
    const now = new Date('2026-12-04T18:00:00Z');
    const p = byKey(snoozePresets(now, 'Europe/Berlin', hours));
    expect(p.next_open).toBe('2026-12-07T08:00:00.000Z');
    expect(p).not.toHaveProperty('tonight');
    const open = byKey(snoozePresets(new Date('2026-12-04T10:00:00Z'), 'Europe/Berlin', hours));
    expect(open).not.toHaveProperty('next_open');
  });

  it('read a custom date and time in the company’s timezone', () => {
    expect(companyInstant('2026-12-24', '08:30', 'Asia/Tokyo')?.toISOString()).toBe(
      '2026-12-23T23:30:00.000Z',
    );
    expect(companyInstant('24/12/2026', '08:30', 'UTC')).toBeNull();
  });
});
