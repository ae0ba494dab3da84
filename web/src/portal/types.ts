/**
 * Portal wire shapes from the contract (section 6). Imported as types only: the portal bundle must not carry
 * the contract's zod schemas.
 */
export type {
  Attachment as PortalAttachment,
  ConversationRating as Rating,
  ConversationStatus,
  Message as PortalMessage,
  PortalConversation,
  PortalPoll,
  PortalQueue,
  PortalQueues,
  PortalStart as PortalStarted,
  RatingPage,
  RatingRequest,
  SenderType,
} from '@inbox/contract';

/** Ids are opaque to the client: passed back as they came (contract section 1). */
export type Id = string | number;

/** What the form sends: ids as they came from the link or the queue list (the server coerces them). */
export interface PortalStartBody {
  app_id: Id;
  customer_info: { name: string; email: string; phone?: string };
  initial_message: string;
  queue_id?: Id;
}

export interface PortalSendBody {
  content: string;
  attachments?: Id[];
  client_message_id?: string;
}

/** `POST /portal/rating` and `POST /ratings/{token}` (contract section 14). */
export interface RatingBody {
  score: number;
  comment?: string;
}
