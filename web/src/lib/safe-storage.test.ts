import { afterEach, describe, expect, it, vi } from 'vitest';
import { safeStorage } from './safe-storage';

const denied = () => {
  throw new DOMException("Failed to read the 'localStorage' property from 'Window'", 'SecurityError');
};

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('safeStorage', () => {
  it('uses the browser storage where it is allowed', () => {
    const store = safeStorage('localStorage');
    store.setItem('portal_token', 'abc');
    expect(window.localStorage.getItem('portal_token')).toBe('abc');
    expect(store.getItem('portal_token')).toBe('abc');
    store.removeItem('portal_token');
    expect(window.localStorage.getItem('portal_token')).toBeNull();
  });

  it('keeps in memory what a browser refuses to a third-party frame, without throwing', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(denied);
    expect(() => window.localStorage).toThrow(/localStorage/);
    const store = safeStorage('localStorage');
    expect(store.getItem('portal_token')).toBeNull();
    store.setItem('portal_token', 'abc');
    expect(store.getItem('portal_token')).toBe('abc');
    store.removeItem('portal_token');
    expect(store.getItem('portal_token')).toBeNull();
  });

  it('keeps in memory what a full storage refuses to write, and reads that back', () => {
    window.localStorage.setItem('portal_token', 'old');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    const store = safeStorage('localStorage');
    store.setItem('portal_token', 'new');
    expect(store.getItem('portal_token')).toBe('new');
  });
});
