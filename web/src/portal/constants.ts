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
} as const;

/** What the portal's event stream sends (contract section 7); copied, checked in contract-sync.test.ts. */
export const PORTAL_EVENT_TYPES = [
  'message.created',
  'typing',
  'conversation.status_changed',
  'conversation.resolved',
] as const;
