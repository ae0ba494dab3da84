import { describe, expect, it } from 'vitest';
import { titleWith } from './page-title';

describe('the tab title', () => {
  it('puts the unread count in front of the page and product names', () => {
    expect(titleWith(undefined, 3)).toBe('(3) Support Inbox');
    expect(titleWith('Inbox', 3)).toBe('(3) Inbox · Support Inbox');
  });

  it('is plain at zero', () => {
    expect(titleWith(undefined, 0)).toBe('Support Inbox');
    expect(titleWith('Profile', 0)).toBe('Profile · Support Inbox');
  });
});
