import { describe, expect, it } from 'vitest';
import { change, duration, intervalFor, periodOf, todayIn } from './period';

describe('report periods', () => {
  it('counts presets back from today, both days included', () => {
    expect(periodOf('today', '2026-11-26')).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(periodOf('7d', '2026-11-26')).toEqual({ from: '2026-11-20', to: '2026-11-26' });
    expect(periodOf('30d', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(periodOf('month', '2026-11-26')).toEqual({ from: '2026-11-01', to: '2026-11-26' });
    expect(periodOf('custom', '2026-11-26', { from: '2026-01-01', to: '2026-01-31' })).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(periodOf('custom', '2026-11-26', { from: '2026-02-01', to: '2026-01-31' }).from).toBe(
      '2026-11-20',
    );
  });

  it('takes today in the company’s timezone', () => {
    const late = new Date('2026-11-26T23:30:00Z');
    expect(todayIn('UTC', late)).toBe('2026-11-26');
    expect(todayIn('Europe/Berlin', late)).toBe('2026-11-27');
    expect(todayIn('America/New_York', late)).toBe('2026-11-26');
  });

  it('picks the chart grain, the change and readable durations', () => {
    expect(intervalFor({ from: '2026-01-01', to: '2026-01-31' })).toBe('day');
    expect(intervalFor({ from: '2026-01-01', to: '2026-05-31' })).toBe('week');
    expect(intervalFor({ from: '2025-01-01', to: '2025-12-31' })).toBe('month');
    expect(change(15, 10)).toBe(50);
    expect(change(5, 0)).toBeNull();
    expect(duration(42)).toBe('42 s');
    expect(duration(600)).toBe('10 min');
    expect(duration(5400)).toBe('1.5 h');
    expect(duration(82800)).toBe('23 h');
    expect(duration(172800)).toBe('2 d');
    expect(duration(null)).toBe('—');
  });
});
