/** Product spec section 9. */
export const POLL_INTERVAL_MS = 3000;
export const TYPING_THROTTLE_MS = 3000;
export const TYPING_RESET_MS = 10_000;
/** A typing signal shows for 6 s on the server; look again just after it would have lapsed. */
export const TYPING_LAPSE_MS = 6500;

/** Product spec section 5: images, pdf, doc, docx, xls, xlsx, txt, csv. */
export const ACCEPTED_FILES = 'image/*,.pdf,.doc,.docx,.xls,.xlsx,.txt,.csv';

export const TEXT = {
  loadFailedTitle: 'Failed to load conversation',
  loadFailed: 'Failed to load conversation. Please try again.',
  sendFailed: 'Failed to send message. Please try again.',
  uploadFailed: 'Failed to upload',
  startNew: 'Start New Conversation',
  // Contract section 14's rating answers, as `RATING_SENTENCES` words them (checked in contract-sync.test.ts).
  ratingThanks: 'Thank you for your rating!',
  ratingExpired: 'This rating link has expired: links answer for 7 days after the conversation was resolved.',
  ratingAlreadyGiven: 'This conversation has already been rated. Thank you!',
  ratingUnknown: 'This rating link is not valid.',
  ratingFailed: 'Failed to send your rating. Please try again.',
} as const;

/** What the portal's event stream sends (contract section 7); copied, checked in contract-sync.test.ts. */
export const PORTAL_EVENT_TYPES = [
  'message.created',
  'typing',
  'conversation.status_changed',
  'conversation.resolved',
] as const;
