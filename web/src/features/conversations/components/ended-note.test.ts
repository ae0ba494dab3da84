import { describe, expect, it } from 'vitest';
import { endedNote } from './composer';

describe('endedNote', () => {
  it('tells the agent what an ended portal chat means for the customer', () => {
    expect(endedNote('resolved', 'portal')).toBe(
      'This conversation is resolved: the customer can no longer write in the portal.',
    );
    expect(endedNote('closed', 'portal')).toContain('portal session has expired');
  });

  it('does not speak of the portal for an email conversation, nor of anything while it is open', () => {
    expect(endedNote('resolved', 'email')).toBe(
      'This conversation is resolved: a reply still reaches the customer.',
    );
    expect(endedNote('resolved', 'email')).not.toContain('portal');
    expect(endedNote('open', 'portal')).toBeNull();
    expect(endedNote('pending', 'email')).toBeNull();
  });
});
