import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearNewMessages, noteNewMessage, setSound, soundOn, useUnseenCount } from './new-message-alert';

const hidden = (value: boolean) => vi.spyOn(document, 'hidden', 'get').mockReturnValue(value);

afterEach(() => {
  vi.restoreAllMocks();
  clearNewMessages();
  localStorage.clear();
});

describe('new customer messages in a background tab', () => {
  it('counts only while the tab is hidden, and clears when it is seen again', () => {
    const { result } = renderHook(() => useUnseenCount());
    hidden(false);
    act(() => noteNewMessage());
    expect(result.current).toBe(0);
    hidden(true);
    act(() => {
      noteNewMessage();
      noteNewMessage();
    });
    expect(result.current).toBe(2);
    act(() => clearNewMessages());
    expect(result.current).toBe(0);
  });

  it('keeps the sound choice in the browser, off by default', () => {
    expect(soundOn()).toBe(false);
    setSound(true);
    expect(localStorage.getItem('message_sound')).toBe('on');
    expect(soundOn()).toBe(true);
    setSound(false);
    expect(soundOn()).toBe(false);
  });
});
