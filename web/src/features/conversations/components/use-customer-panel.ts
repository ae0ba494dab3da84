import { useCallback, useState, useSyncExternalStore } from 'react';
import { safeStorage } from '@/lib/safe-storage';
import { STORAGE_KEYS } from '@/lib/storage';

/**
 * Wide enough for the list, the thread and the panel side by side: below this the panel opens as a sheet
 * over the thread instead, so it never squeezes the messages (a phone, a tablet, a small laptop).
 */
export const PANEL_BESIDE_QUERY = '(min-width: 1440px)';

const store = safeStorage('localStorage');
const listeners = new Set<() => void>();

// A page without matchMedia (a component test) counts as narrow.
const wideMedia = () => (typeof matchMedia === 'function' ? matchMedia(PANEL_BESIDE_QUERY) : null);

function subscribeWide(onChange: () => void) {
  const media = wideMedia();
  media?.addEventListener('change', onChange);
  return () => media?.removeEventListener('change', onChange);
}

function subscribeFolded(onChange: () => void) {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

const readFolded = () => store.getItem(STORAGE_KEYS.customerPanel) === 'closed';

export interface CustomerPanelState {
  /** The panel sits beside the thread (a wide screen); otherwise it is a sheet. */
  beside: boolean;
  /** Beside: shown unless folded away (remembered per browser). As a sheet: open right now. */
  open: boolean;
  setOpen: (open: boolean) => void;
}

/** Whether the customer panel shows, and how: remembered beside the thread, a passing sheet on narrow screens. */
export function useCustomerPanel(): CustomerPanelState {
  const beside = useSyncExternalStore(
    subscribeWide,
    () => wideMedia()?.matches ?? false,
    () => false,
  );
  const folded = useSyncExternalStore(subscribeFolded, readFolded, () => false);
  const [sheet, setSheet] = useState(false);
  const setOpen = useCallback(
    (open: boolean) => {
      if (!beside) return setSheet(open);
      if (open) store.removeItem(STORAGE_KEYS.customerPanel);
      else store.setItem(STORAGE_KEYS.customerPanel, 'closed');
      for (const l of listeners) l();
    },
    [beside],
  );
  return { beside, open: beside ? !folded : sheet, setOpen };
}
