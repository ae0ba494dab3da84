/** The parts of Meta's webhook payloads the inbox reads (WhatsApp Cloud API and Messenger). */

interface WhatsAppMedia {
  id?: string;
  mime_type?: string;
  caption?: string;
  filename?: string;
}

export interface WhatsAppMessage {
  from: string;
  id: string;
  timestamp?: string;
  type: string;
  text?: { body?: string };
  image?: WhatsAppMedia;
  document?: WhatsAppMedia;
  audio?: WhatsAppMedia;
  video?: WhatsAppMedia;
  sticker?: WhatsAppMedia;
  location?: { latitude?: number; longitude?: number; name?: string; address?: string };
  button?: { text?: string };
  interactive?: { button_reply?: { title?: string }; list_reply?: { title?: string } };
  reaction?: { emoji?: string };
}

export interface WhatsAppChange {
  field?: string;
  value?: {
    metadata?: { phone_number_id?: string };
    contacts?: { wa_id: string; profile?: { name?: string } }[];
    messages?: WhatsAppMessage[];
    statuses?: {
      id: string;
      status: string;
      errors?: { code?: number; title?: string; message?: string }[];
    }[];
  };
}

export interface MessengerEvent {
  sender?: { id?: string };
  recipient?: { id?: string };
  timestamp?: number;
  message?: {
    mid?: string;
    text?: string;
    is_echo?: boolean;
    attachments?: { type: string; payload?: { url?: string } }[];
  };
  delivery?: { mids?: string[]; watermark?: number };
  read?: { watermark?: number };
}

/** A WhatsApp message as text for the thread: its body, a caption, or what it was. */
export function summaryOf(m: WhatsAppMessage): string {
  if (m.text?.body) return m.text.body;
  const media = m.image ?? m.document ?? m.video ?? m.audio ?? m.sticker;
  if (media) return media.caption ?? '';
  if (m.location) {
    const where = [m.location.name, m.location.address].filter(Boolean).join(', ');
    return `[Location${where ? `: ${where}` : ''} (${m.location.latitude}, ${m.location.longitude})]`;
  }
  if (m.button?.text) return m.button.text;
  const choice = m.interactive?.button_reply?.title ?? m.interactive?.list_reply?.title;
  if (choice) return choice;
  if (m.reaction?.emoji) return `[Reacted ${m.reaction.emoji}]`;
  return `[A ${m.type} message]`;
}
