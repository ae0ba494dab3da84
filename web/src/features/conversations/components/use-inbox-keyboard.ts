import { type RefObject, useEffect, useEffectEvent } from 'react';

/** Rows on screen: on a phone showing the thread, the list is there but hidden. */
const rowsOf = (list: HTMLElement | null) =>
  list
    ? [...list.querySelectorAll<HTMLElement>('[data-row]')].filter((r) =>
        typeof r.checkVisibility === 'function' ? r.checkVisibility() : true,
      )
    : [];

export const isEditable = (el: Element | null) =>
  !!el &&
  (el instanceof HTMLInputElement ||
    el instanceof HTMLTextAreaElement ||
    el instanceof HTMLSelectElement ||
    (el as HTMLElement).isContentEditable);

/** A dialog, menu or popover is open: its keys are its own. */
export const overlayOpen = () =>
  !!document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]');

/**
 * Focuses the selected row, or the first one, or (with no rows) the list pane's search box. False when the list
 * pane is not on screen (a phone showing the thread).
 */
export function focusList(list: HTMLElement | null, pane: HTMLElement | null): boolean {
  if (pane && typeof pane.checkVisibility === 'function' && !pane.checkVisibility()) return false;
  const rows = rowsOf(list);
  const target = rows.find((r) => r.getAttribute('aria-current') === 'page') ?? rows[0];
  const fallback = pane?.querySelector<HTMLElement>('input');
  (target ?? fallback)?.focus();
  return !!(target ?? fallback);
}

export function moveRowFocus(list: HTMLElement | null, delta: number) {
  const rows = rowsOf(list);
  if (rows.length === 0) return;
  let index = rows.indexOf(document.activeElement as HTMLElement);
  if (index === -1) index = rows.findIndex((r) => r.getAttribute('aria-current') === 'page');
  const next = index === -1 ? (delta > 0 ? 0 : rows.length - 1) : index + delta;
  const row = rows[Math.max(0, Math.min(rows.length - 1, next))];
  row?.focus();
  row?.scrollIntoView?.({ block: 'nearest' });
}

interface InboxKeyboard {
  /** The list pane (filters and rows) and the rows' list inside it. */
  pane: RefObject<HTMLElement | null>;
  list: RefObject<HTMLElement | null>;
  thread: RefObject<HTMLElement | null>;
  /** Escape where no list row can take focus (a phone showing only the thread). */
  onBackToList: () => void;
  onHelp: () => void;
}

/**
 * The inbox without a mouse: j/k (and the arrow keys inside the list) move between conversations, Enter opens
 * the focused one (rows are links), Escape in the thread goes back to the list, ? shows the shortcuts.
 */
export function useInboxKeyboard(opts: InboxKeyboard) {
  const onKey = useEffectEvent((e: KeyboardEvent) => {
    if (e.defaultPrevented || e.metaKey || e.ctrlKey || e.altKey || e.isComposing) return;
    const { pane, list, thread, onBackToList, onHelp } = opts;
    const target = e.target as Element | null;
    const inList = !!list.current && list.current.contains(target);
    if (e.key === 'Escape') {
      if (overlayOpen() || !thread.current?.contains(target)) return;
      e.preventDefault();
      if (!focusList(list.current, pane.current)) onBackToList();
      return;
    }
    if (isEditable(target) || overlayOpen()) return;
    if (e.key === 'j' || (inList && e.key === 'ArrowDown')) {
      e.preventDefault();
      moveRowFocus(list.current, 1);
    } else if (e.key === 'k' || (inList && e.key === 'ArrowUp')) {
      e.preventDefault();
      moveRowFocus(list.current, -1);
    } else if (e.key === '?') {
      e.preventDefault();
      onHelp();
    }
  });

  useEffect(() => {
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
