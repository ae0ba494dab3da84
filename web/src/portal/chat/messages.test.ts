import { describe, expect, it } from 'vitest';
import type { PortalMessage } from '../types';
import { mergeMessages, newClientMessageId, newestId, phaseOf } from './messages';

const msg = (id: number | string, content = `m${id}`): PortalMessage => ({
  message_id: id as number,
  conversation_id: 1,
  content_type: 'text',
  sender_type: 'customer',
  sender_name: 'Ann',
  content,
  created_ts: '2026-11-21T10:15:00.000Z',
  attachments: [],
});

describe('mergeMessages', () => {
  it('never shows a message twice when the send answer and the poll both bring it', () => {
    const afterSend = mergeMessages([msg(1)], [msg(3)]);
    const afterPoll = mergeMessages(afterSend, [msg(2), msg(3)]);
    expect(afterPoll.map((m) => m.message_id)).toEqual([1, 2, 3]);
  });

  it('keeps the same array when nothing is new (no re-render)', () => {
    const current = [msg(1)];
    expect(mergeMessages(current, [msg(1)])).toBe(current);
  });

  it('orders numeric ids given as strings', () => {
    expect(mergeMessages([msg('10')], [msg('9')]).map((m) => m.message_id)).toEqual(['9', '10']);
  });
});

describe('newestId', () => {
  it('finds the largest id and keeps the previous one when nothing arrives', () => {
    expect(newestId([msg(4), msg(9), msg(6)])).toBe(9);
    expect(newestId([], 5)).toBe(5);
    expect(newestId([])).toBeNull();
    expect(newestId([msg(3)], 5)).toBe(5);
  });
});

describe('phaseOf', () => {
  it('maps resolved to Ended and closed to Session Expired', () => {
    expect(phaseOf('open')).toBe('active');
    expect(phaseOf('pending')).toBe('active');
    expect(phaseOf('resolved')).toBe('ended');
    expect(phaseOf('open', true)).toBe('ended');
    expect(phaseOf('closed')).toBe('expired');
  });
});

describe('newClientMessageId', () => {
  it('makes distinct v4 UUIDs', () => {
    const a = newClientMessageId();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newClientMessageId()).not.toBe(a);
  });
});
