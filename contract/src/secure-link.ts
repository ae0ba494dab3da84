import { z } from 'zod';
import { Id, Timestamp } from './envelope.ts';

/** `POST /conversation/secure-link`: mails the customer a link opening the conversation in the portal. */
export const SecureLinkBody = z.object({ conversation_id: Id });
export type SecureLinkBody = z.infer<typeof SecureLinkBody>;

export const SecureLink = z.object({
  message: z.string(),
  email: z.string().describe('where the link was sent: the customer’s email'),
  expires_ts: Timestamp.describe('the new portal session expires then unless the customer is active'),
});
export type SecureLink = z.infer<typeof SecureLink>;
