import type { ConsoleMessage } from '@inbox/contract';
import { describe, expect, it } from 'vitest';
import {
  dayLabel,
  initialsOf,
  lastCustomerMessageId,
  mergeMessages,
  nextCursor,
  typingText,
} from './thread-model';

const msg = (id: number, over: Partial<ConsoleMessage> = {}): ConsoleMessage => ({
  message_id: id,
  conversation_id: 1,
  sender_type: 'customer',
  sender_name: 'Maria',
  content: `m${id}`,
  content_type: 'text',
  created_ts: '2026-11-21T10:00:00.000Z',
  attachments: [],
  is_private: false,
  sender_user_id: null,
  ...over,
});

describe('thread model', () => {
  it('appends polled messages once each, by message_id', () => {
    const merged = mergeMessages([msg(1), msg(2)], [msg(2), msg(3)]);
    expect(merged.map((m) => m.message_id)).toEqual([1, 2, 3]);
  });

  it('puts a message polled after our own sent one back in id order', () => {
    // Our reply (5) showed at once; the customer's message 4 committed before it and arrives with the next poll.
    const merged = mergeMessages(
      [msg(3), msg(5, { sender_type: 'agent' })],
      [msg(4), msg(5, { sender_type: 'agent' })],
    );
    expect(merged.map((m) => m.message_id)).toEqual([3, 4, 5]);
  });

  it('moves the poll cursor only with polled messages', () => {
    expect(nextCursor(undefined, [msg(3), msg(7)])).toBe(7);
    expect(nextCursor(7, [])).toBe(7);
    expect(nextCursor(undefined, [])).toBeUndefined();
  });

  it('finds the newest customer message for the read marker', () => {
    expect(lastCustomerMessageId([msg(1), msg(2), msg(3, { sender_type: 'agent' })])).toBe(2);
    expect(lastCustomerMessageId([msg(1, { sender_type: 'agent' })])).toBeUndefined();
  });

  it('says who is typing', () => {
    expect(typingText([], 'Maria')).toBeNull();
    expect(typingText([{ customer: true }], 'Maria')).toBe('Maria is typing...');
    expect(typingText([{ user_id: 2, name: 'Sam' }, { customer: true }], 'Maria')).toBe(
      'Sam and Maria are typing...',
    );
  });

  it('makes initials and day headings', () => {
    expect(initialsOf('Sam  Rivera')).toBe('SR');
    expect(initialsOf('Ann Marie Lee')).toBe('AL');
    expect(initialsOf('cher')).toBe('C');
    const now = new Date(2026, 10, 21, 12);
    expect(dayLabel(new Date(2026, 10, 21, 8), now)).toBe('Today');
    expect(dayLabel(new Date(2026, 10, 20, 23), now)).toBe('Yesterday');
  });
});
