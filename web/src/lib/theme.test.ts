import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getTheme, resolveTheme, setTheme, watchTheme } from './theme';

let systemDark = false;
const mediaListeners = new Set<() => void>();

beforeEach(() => {
  localStorage.clear();
  document.documentElement.classList.remove('dark');
  systemDark = false;
  mediaListeners.clear();
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      media: query,
      get matches() {
        return systemDark;
      },
      addEventListener: (_: string, l: () => void) => mediaListeners.add(l),
      removeEventListener: (_: string, l: () => void) => mediaListeners.delete(l),
    })),
  );
});

afterEach(() => vi.unstubAllGlobals());

const isDark = () => document.documentElement.classList.contains('dark');

describe('theme', () => {
  it("is 'system' when nothing (or nonsense) is stored", () => {
    expect(getTheme()).toBe('system');
    localStorage.setItem('theme', 'purple');
    expect(getTheme()).toBe('system');
  });

  it("stores the choice under 'theme' and toggles the dark class on <html>", () => {
    setTheme('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(isDark()).toBe(true);
    setTheme('light');
    expect(isDark()).toBe(false);
  });

  it("follows the operating system live while 'system' is chosen", () => {
    setTheme('system');
    const stop = watchTheme();
    expect(isDark()).toBe(false);
    systemDark = true;
    for (const l of mediaListeners) l();
    expect(isDark()).toBe(true);
    expect(resolveTheme()).toBe('dark');
    stop();
    expect(mediaListeners.size).toBe(0);
  });

  it('ignores the operating system when light or dark is chosen', () => {
    systemDark = true;
    setTheme('light');
    expect(isDark()).toBe(false);
    expect(resolveTheme('system')).toBe('dark');
  });
});
