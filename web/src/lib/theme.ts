import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from './storage';

/** Product spec section 4: the theme is system, light or dark; stored under `theme`. */
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

export function getTheme(): Theme {
  const stored = localStorage.getItem(STORAGE_KEYS.theme);
  return THEMES.includes(stored as Theme) ? (stored as Theme) : 'system';
}

const systemIsDark = () => typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;

export function resolveTheme(theme: Theme = getTheme()): 'light' | 'dark' {
  return theme === 'dark' || (theme === 'system' && systemIsDark()) ? 'dark' : 'light';
}

/** Puts the `dark` class on <html> to match the stored theme (public/theme-init.js does the same before paint). */
export function applyTheme() {
  document.documentElement.classList.toggle('dark', resolveTheme() === 'dark');
  for (const l of listeners) l();
}

export function setTheme(theme: Theme) {
  localStorage.setItem(STORAGE_KEYS.theme, theme);
  applyTheme();
}

/** Keeps the page in step with the OS setting (for 'system') and with other tabs; returns the unsubscribe. */
export function watchTheme(): () => void {
  const media = typeof matchMedia === 'function' ? matchMedia(DARK_QUERY) : null;
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEYS.theme || e.key === null) applyTheme();
  };
  media?.addEventListener('change', applyTheme);
  window.addEventListener('storage', onStorage);
  applyTheme();
  return () => {
    media?.removeEventListener('change', applyTheme);
    window.removeEventListener('storage', onStorage);
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => `${getTheme()}:${resolveTheme()}`;

/** The chosen theme and what it resolves to right now. */
export function useTheme(): { theme: Theme; resolved: 'light' | 'dark' } {
  const value = useSyncExternalStore(subscribe, snapshot, snapshot);
  const [theme, resolved] = value.split(':') as [Theme, 'light' | 'dark'];
  return { theme, resolved };
}
