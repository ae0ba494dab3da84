import type { Config } from '../../config.ts';
import type { AttachmentStorage } from '../attachments/storage.ts';

/*
 * What the delivery sender (`integrations/sender.ts`) hands a channel to send a reply with. Declared here, in
 * the channels below it, so the channels' senders (`outbound.ts`, `email-outbound.ts`) do not import the sender
 * that calls them.
 */

/** A delivery row owed an attempt, with its integration. */
export interface Claimed extends Record<string, unknown> {
  id: string;
  integration_id: number;
  msg_id: string;
  payload: Record<string, unknown>;
  message_id: string | null;
  attempts: number;
  created_at: string;
  type: string;
  settings: Record<string, unknown>;
  /** Sealed (decision 038): opened only where a reply or a call leaves. */
  secrets: Record<string, string>;
  url: string | null;
  is_active: boolean;
}

export interface SenderDeps {
  config: Config;
  /** Where a reply's files are read from (email carries them). */
  storage: AttachmentStorage;
}
