import { safeStorage } from '@/lib/safe-storage';
import { STORAGE_KEYS } from '@/lib/storage';

/** The console's theme choice, where the browser lets the portal read it (not in a blocked third-party frame). */
const local = safeStorage('localStorage');

/**
 * Keeps dark mode in step with the stored `theme` (light, dark, system) and the OS setting, after
 * public/theme-init.js set it before first paint. The portal has no theme switch of its own.
 */
export function followTheme() {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () => {
    const stored = local.getItem(STORAGE_KEYS.theme);
    const dark = stored === 'dark' || (stored !== 'light' && media.matches);
    document.documentElement.classList.toggle('dark', dark);
  };
  media.addEventListener('change', apply);
  window.addEventListener('storage', (e) => {
    if (e.key === STORAGE_KEYS.theme || e.key === null) apply();
  });
  apply();
}
