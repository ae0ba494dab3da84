import { channelLabel } from '@inbox/contract';
import { describe, expect, it } from 'vitest';
import { countLabel, fileSize, messageTime, parseServerTime, relativeTime } from './format';

describe('channelLabel', () => {
  it('names the known channels as the product spec does', () => {
    expect(['facebook', 'whatsapp', 'sms', 'email', 'web', 'portal'].map(channelLabel)).toEqual([
      'FB',
      'WhatsApp',
      'SMS',
      'Email',
      'Web',
      'Portal',
    ]);
  });

  it('ignores the case of a known channel', () => {
    expect(channelLabel('WhatsApp')).toBe('WhatsApp');
  });

  it('puts any other channel in upper case', () => {
    expect(channelLabel('telegram')).toBe('TELEGRAM');
  });
});

describe('relativeTime', () => {
  const now = new Date('2026-11-21T12:00:00.000Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it("says 'just now' under a minute", () => {
    expect(relativeTime(ago(0), now)).toBe('just now');
    expect(relativeTime(ago(59), now)).toBe('just now');
  });

  it('counts minutes, hours and days', () => {
    expect(relativeTime(ago(60), now)).toBe('1m ago');
    expect(relativeTime(ago(59 * 60 + 59), now)).toBe('59m ago');
    expect(relativeTime(ago(3600), now)).toBe('1h ago');
    expect(relativeTime(ago(23 * 3600), now)).toBe('23h ago');
    expect(relativeTime(ago(24 * 3600), now)).toBe('1d ago');
    expect(relativeTime(ago(7 * 24 * 3600), now)).toBe('7d ago');
  });

  it('shows a locale date after 7 days', () => {
    const then = ago(8 * 24 * 3600);
    expect(relativeTime(then, now)).toBe(then.toLocaleDateString());
  });

  it('treats a future time (clock skew) as just now', () => {
    expect(relativeTime(ago(-30), now)).toBe('just now');
  });

  it('reads a server timestamp without a zone as UTC', () => {
    expect(relativeTime('2026-11-21 11:58:00', now)).toBe('2m ago');
  });
});

describe('parseServerTime', () => {
  it('keeps an explicit zone and reads a zone-less time as UTC', () => {
    expect(parseServerTime('2026-11-21T10:15:00.000Z').toISOString()).toBe('2026-11-21T10:15:00.000Z');
    expect(parseServerTime('2026-11-21T10:15:00+02:00').toISOString()).toBe('2026-11-21T08:15:00.000Z');
    expect(parseServerTime('2026-11-21 10:15:00').toISOString()).toBe('2026-11-21T10:15:00.000Z');
  });
});

describe('messageTime', () => {
  it("formats as 'h:mm a' in local time", () => {
    expect(messageTime(new Date(2026, 10, 21, 15, 7))).toBe('3:07 PM');
    expect(messageTime(new Date(2026, 10, 21, 9, 30))).toBe('9:30 AM');
  });

  it('writes midnight and noon as 12', () => {
    expect(messageTime(new Date(2026, 10, 21, 0, 5))).toBe('12:05 AM');
    expect(messageTime(new Date(2026, 10, 21, 12, 0))).toBe('12:00 PM');
  });
});

describe('fileSize', () => {
  it('uses bytes under 1 KB', () => {
    expect(fileSize(0)).toBe('0 B');
    expect(fileSize(1023)).toBe('1023 B');
  });

  it('uses KB and MB with one decimal', () => {
    expect(fileSize(1024)).toBe('1.0 KB');
    expect(fileSize(1536)).toBe('1.5 KB');
    expect(fileSize(1024 * 1024)).toBe('1.0 MB');
    expect(fileSize(10.25 * 1024 * 1024)).toBe('10.3 MB');
  });
});

describe('countLabel', () => {
  it('groups thousands and marks a count the server stopped', () => {
    expect(countLabel(7)).toBe('7');
    expect(countLabel(12345)).toBe('12,345');
    expect(countLabel(1000, true)).toBe('1,000+');
  });
});
