import { describe, expect, it } from 'vitest';
import { isToggleShortcut, readSidebarCookie, writeSidebarCookie } from './sidebar-state';

const key = (init: KeyboardEventInit) => new KeyboardEvent('keydown', init);

describe('sidebar state', () => {
  it('is expanded when the cookie was never set', () => {
    expect(readSidebarCookie('')).toBe(true);
    expect(readSidebarCookie('other=1')).toBe(true);
  });

  it('reads the remembered state', () => {
    expect(readSidebarCookie('a=1; sidebar_state=false; b=2')).toBe(false);
    expect(readSidebarCookie('sidebar_state=true')).toBe(true);
  });

  it('remembers the state in the sidebar_state cookie', () => {
    writeSidebarCookie(false);
    expect(document.cookie).toContain('sidebar_state=false');
    expect(readSidebarCookie()).toBe(false);
    writeSidebarCookie(true);
    expect(readSidebarCookie()).toBe(true);
  });

  it('toggles on Ctrl+B and Cmd+B only', () => {
    expect(isToggleShortcut(key({ key: 'b', ctrlKey: true }))).toBe(true);
    expect(isToggleShortcut(key({ key: 'b', metaKey: true }))).toBe(true);
    expect(isToggleShortcut(key({ key: 'b' }))).toBe(false);
    expect(isToggleShortcut(key({ key: 'c', ctrlKey: true }))).toBe(false);
    expect(isToggleShortcut(key({ key: 'B', ctrlKey: true, shiftKey: true }))).toBe(false);
  });
});
