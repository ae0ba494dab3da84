import { describe, expect, it } from 'vitest';
import { isPublicPath, loginPathFor, safeRedirect } from './auth-paths';

describe('isPublicPath', () => {
  it('opens the five auth paths and their sub-paths', () => {
    for (const p of ['/login', '/register', '/forgot-password', '/reset-password', '/password-reset/abc']) {
      expect(isPublicPath(p)).toBe(true);
    }
    expect(isPublicPath('/register/step-2')).toBe(true);
  });

  it('closes everything else, including look-alikes', () => {
    for (const p of ['/', '/dashboard', '/profile', '/admin', '/platform-admin', '/loginx', '/logins/1']) {
      expect(isPublicPath(p)).toBe(false);
    }
  });
});

describe('loginPathFor', () => {
  it('carries the original path with its query', () => {
    expect(loginPathFor('/admin/apps/3?tab=queues')).toBe(
      '/login?redirect=%2Fadmin%2Fapps%2F3%3Ftab%3Dqueues',
    );
  });
});

describe('safeRedirect', () => {
  it('follows same-origin paths with their query and hash', () => {
    expect(safeRedirect('/admin?tab=users#top')).toBe('/admin?tab=users#top');
    expect(safeRedirect('/platform-admin/user/4')).toBe('/platform-admin/user/4');
  });

  it('defaults to the dashboard', () => {
    expect(safeRedirect(null)).toBe('/dashboard');
    expect(safeRedirect('')).toBe('/dashboard');
  });

  it('refuses absolute, protocol-relative and scheme URLs (open redirect)', () => {
    for (const t of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'evil.example',
      '/\t/evil.example',
    ]) {
      expect(safeRedirect(t)).toBe('/dashboard');
    }
  });

  it('does not send a signed-in user back to a login page', () => {
    expect(safeRedirect('/login?redirect=/admin')).toBe('/dashboard');
    expect(safeRedirect('/password-reset/abc')).toBe('/dashboard');
  });
});
