export const COMPANY_ROLES = ['admin', 'manager', 'agent'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const APP_ROLES = ['admin', 'manager', 'agent'] as const;
export type AppRole = (typeof APP_ROLES)[number];

export const QUEUE_ROLES = ['manager', 'member'] as const;
export type QueueRole = (typeof QUEUE_ROLES)[number];

export const COMPANY_STATUSES = ['active', 'suspended'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

export const USER_STATUSES = ['active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const CONVERSATION_STATUSES = ['open', 'pending', 'resolved', 'closed', 'snoozed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/** What a portal or widget customer sees: a snoozed conversation shows as open (contract section 13). */
export const PORTAL_STATUSES = ['open', 'pending', 'resolved', 'closed'] as const;
export type PortalStatus = (typeof PORTAL_STATUSES)[number];
export const portalStatus = (s: ConversationStatus): PortalStatus => (s === 'snoozed' ? 'open' : s);

/** Conversation priorities, most pressing first (contract section 13); no priority is `null`. */
export const PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** The inbox list's orders (contract section 13); `sla` is the soonest running due time first (section 14). */
export const CONVERSATION_SORTS = ['latest', 'oldest', 'waiting_longest', 'priority', 'sla'] as const;
export type ConversationSort = (typeof CONVERSATION_SORTS)[number];

export const CHANNELS = ['portal', 'web', 'email', 'sms', 'whatsapp', 'facebook', 'api'] as const;
export type Channel = (typeof CHANNELS)[number];

export const SENDER_TYPES = ['customer', 'agent', 'auto', 'system'] as const;
export type SenderType = (typeof SENDER_TYPES)[number];

/** Business constants of product spec section 9. */
export const MIN_PASSWORD_LENGTH = 6;
export const DEFAULT_LIST_LIMIT = 50;
export const MAX_LIST_LIMIT = 100;
export const DEFAULT_TIMEZONE = 'UTC';
export const PASSWORD_RESET_TTL_SECONDS = 3600;
/** A new user's set-password link (an invitation) lives a week: the first mail may wait in an inbox for days. */
export const INVITATION_TTL_SECONDS = 7 * 86_400;
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

export const PASSWORD_RESET_ANSWER = 'If the email address exists, a password reset link has been sent';
export const LOGIN_FAILED_MESSAGE = 'Invalid email or password';

export const HEADERS = {
  company: 'x-company-id',
  impersonate: 'x-impersonate-user-id',
  apiKey: 'x-api-key',
  requestId: 'x-request-id',
} as const;

const CHANNEL_LABELS: Record<string, string> = {
  facebook: 'FB',
  whatsapp: 'WhatsApp',
  sms: 'SMS',
  email: 'Email',
  web: 'Web',
  portal: 'Portal',
  api: 'API',
};

/** Product spec section 9: known channels by name, anything else in upper case. */
export const channelLabel = (channel: string) =>
  CHANNEL_LABELS[channel.toLowerCase()] ?? channel.toUpperCase();

/**
 * Channels whose replies cannot carry files: SMS (MMS would need each file at a public URL for Twilio to
 * fetch). The composer offers none, and a send with files answers 422.
 */
export const CHANNELS_WITHOUT_FILES: readonly string[] = ['sms'];
export const channelTakesFiles = (channel: string) => !CHANNELS_WITHOUT_FILES.includes(channel);

/**
 * Channels whose providers take free-form replies only within this many hours of the customer's last
 * message (WhatsApp, Messenger); later, only approved templates.
 */
export const REPLY_WINDOW_HOURS = 24;
export const WINDOWED_CHANNELS: readonly string[] = ['whatsapp', 'facebook'];
export const replyWindowText = (channel: string) =>
  `More than ${REPLY_WINDOW_HOURS} hours have passed since the customer's last message: ${channelLabel(channel)} takes no free-form reply until they write again.`;
