import { describe, expect, it } from 'vitest';
import { entryRedirect } from './redirect';

const none = { appId: null, token: null };

describe('entryRedirect', () => {
  it('shows the invalid link when there is no app id anywhere', () => {
    expect(entryRedirect({ appId: null, fresh: false }, none)).toBeNull();
  });

  it('sends a link without app_id to the remembered app', () => {
    expect(entryRedirect({ appId: null, fresh: false }, { appId: '7', token: null })).toBe(
      '/portal?app_id=7',
    );
  });

  it('resumes a stored session without new=true', () => {
    expect(entryRedirect({ appId: '7', fresh: false }, { appId: '7', token: 'tok' })).toBe(
      '/portal/chat?token=tok',
    );
  });

  it('shows the form with new=true even when a session is stored', () => {
    expect(entryRedirect({ appId: '7', fresh: true }, { appId: '7', token: 'tok' })).toBeNull();
  });

  it('shows the form for another app than the stored session belongs to', () => {
    expect(entryRedirect({ appId: '8', fresh: false }, { appId: '7', token: 'tok' })).toBeNull();
  });

  it('shows the form when nothing is stored', () => {
    expect(entryRedirect({ appId: '7', fresh: false }, none)).toBeNull();
  });
});
