import { ATTACHMENT_ACCEPT, EVENT_TYPES, PORTAL_MESSAGES, RATING_SENTENCES } from '@inbox/contract';
import { describe, expect, it } from 'vitest';
import { ACCEPTED_FILES, PORTAL_EVENT_TYPES, TEXT } from './constants';
import { validateEntry } from './entry/validate';

// The portal copies these values instead of importing them, so its bundle stays free of the contract's zod code.
describe('portal constants match the contract', () => {
  it('accepts the contract file types', () => {
    expect(ACCEPTED_FILES).toBe(ATTACHMENT_ACCEPT);
  });

  it('listens for event types the contract names', () => {
    for (const type of PORTAL_EVENT_TYPES) expect(EVENT_TYPES).toContain(type);
  });

  it('uses the contract rating sentences', () => {
    expect(TEXT.ratingThanks).toBe(RATING_SENTENCES.thanks);
    expect(TEXT.ratingExpired).toBe(RATING_SENTENCES.expired);
    expect(TEXT.ratingAlreadyGiven).toBe(RATING_SENTENCES.alreadyRated);
    expect(TEXT.ratingUnknown).toBe(RATING_SENTENCES.notFound);
  });

  it('uses the contract validation sentences', () => {
    const empty = validateEntry({ name: '', email: '', phone: '', queueId: '', message: '' }, true);
    expect(empty).toEqual({
      name: PORTAL_MESSAGES.nameRequired,
      email: PORTAL_MESSAGES.emailRequired,
      queueId: PORTAL_MESSAGES.topicRequired,
      message: PORTAL_MESSAGES.messageRequired,
    });
    const bad = validateEntry({ name: 'a', email: 'x', phone: '', queueId: '', message: 'm' }, false);
    expect(bad.email).toBe(PORTAL_MESSAGES.emailInvalid);
  });
});
