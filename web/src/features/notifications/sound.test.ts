import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { notificationSoundOn, setNotificationSound, useNotificationSound } from './sound';

afterEach(() => localStorage.clear());

describe('the new-notification chime', () => {
  it('is on by default and kept off per person in this browser', () => {
    const { result } = renderHook(() => useNotificationSound(7));
    expect(result.current).toBe(true);
    act(() => setNotificationSound(7, false));
    expect(result.current).toBe(false);
    expect(localStorage.getItem('notification_sound:7')).toBe('off');
    // Another person on the same browser keeps their own choice.
    expect(notificationSoundOn(8)).toBe(true);
    act(() => setNotificationSound(7, true));
    expect(result.current).toBe(true);
    expect(localStorage.getItem('notification_sound:7')).toBeNull();
  });
});
