import type { AutoResponderTrigger } from '@inbox/contract';

/** What each trigger is called in the card's rows and the dialog's choices. */
export const TRIGGER_LABELS: Record<AutoResponderTrigger, string> = {
  conversation_started: 'When a conversation starts',
  outside_business_hours: 'Outside business hours',
  no_agent_reply: 'When no agent has replied',
  keyword: 'When a message has a keyword',
};
