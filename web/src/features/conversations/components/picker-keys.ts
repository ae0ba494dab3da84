import type React from 'react';

/** What a key pressed in the composer means to an open picker (the `/` canned replies, the `@` people). */
export type PickerKey = 'close' | 'next' | 'previous' | 'choose';

export function pickerKey(e: React.KeyboardEvent<HTMLTextAreaElement>): PickerKey | null {
  if (e.key === 'Escape') return 'close';
  if (e.key === 'ArrowDown') return 'next';
  if (e.key === 'ArrowUp') return 'previous';
  if ((e.key === 'Enter' || e.key === 'Tab') && !e.shiftKey && !e.nativeEvent.isComposing) return 'choose';
  return null;
}

/** The highlighted row after moving one down (or up) a list of `count`, wrapping round at either end. */
export const stepped = (active: number, count: number, key: 'next' | 'previous') =>
  (active + (key === 'next' ? 1 : -1) + count) % count;
