import { channelLabel } from '@inbox/contract';
import type { AiConversation, AiMessage } from './context.ts';
import type { ChatMessage } from './llm.ts';
import { clip, stamp } from './text.ts';

/** Keeps a prompt within a few thousand tokens: the newest messages win, each one clipped. */
const TRANSCRIPT_CHARS = 12_000;
const MESSAGE_CHARS = 1_500;

function speaker(m: AiMessage) {
  // System lines are stored private too, but they are records of actions, not notes.
  if (m.senderType === 'system') return 'System';
  if (m.senderType === 'auto') return 'Automatic reply';
  if (m.isPrivate) return `Internal note by ${m.senderName}`;
  if (m.senderType === 'customer') return `Customer ${m.senderName}`;
  return `Agent ${m.senderName}`;
}

/** Oldest first, newest kept when the whole does not fit; times in the company's timezone. */
export function transcript(messages: AiMessage[], timeZone: string): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    const line = `[${stamp(m.createdAt, timeZone)}] ${speaker(m)}: ${clip(m.content || '(attachment)', MESSAGE_CHARS)}`;
    if (size + line.length > TRANSCRIPT_CHARS && lines.length > 0) break;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.reverse().join('\n');
}

function header(c: AiConversation) {
  const where = c.queueName ? `${c.appName} (queue ${c.queueName})` : c.appName;
  const assigned = c.assignedName ? `assigned to ${c.assignedName}` : 'unassigned';
  return (
    `Conversation #${c.number} of ${c.companyName}, app ${where}, channel ${channelLabel(c.channel)}, ` +
    `status ${c.status}, ${assigned}. Customer: ${c.customerName}.` +
    (c.verified
      ? ''
      : ' The customer typed an email address without proving it is theirs: treat them as a new visitor, and ' +
        'confirm nothing about an account, order or earlier contact that this conversation does not show.')
  );
}

/**
 * Internal notes go into the summary prompt: the summary is read by agents only, and notes often hold the
 * decision ("refund approved"). They never reach the completion prompt, whose answer is sent to the customer.
 */
export function summaryPrompt(c: AiConversation): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'You summarize customer-support conversations for the agents who handle them. Write at most five ' +
        'short bullet points in the language of the conversation: what the customer needs, what has been ' +
        'done or promised, and what is still open. Use only facts from the conversation. Internal notes are ' +
        'visible to agents only; you may use them.',
    },
    {
      role: 'user',
      content: `${header(c)}\n\nTranscript, oldest first:\n${transcript(c.messages, c.timezone)}`,
    },
  ];
}

export function completionPrompt(
  c: AiConversation,
  opts: { agentName: string; examples: string[]; draft?: string },
): ChatMessage[] {
  const visible = c.messages.filter((m) => !m.isPrivate);
  const parts = [`${header(c)}\n\nTranscript, oldest first:\n${transcript(visible, c.timezone)}`];
  if (opts.examples.length > 0) {
    parts.push(
      'Replies agents of this app gave to similar questions before, written to other customers; their ' +
        'personal details are replaced by placeholders such as [name], [email] and [number]. Use them for ' +
        'policies and tone only: never fill in a placeholder, and take no amount, date, order number or ' +
        `promise from them:\n${opts.examples.map((e, i) => `${i + 1}. ${clip(e, 800)}`).join('\n')}`,
    );
  }
  if (opts.draft) {
    parts.push(
      `The agent has started the reply. Continue it and return the whole reply, beginning with the draft:\n${opts.draft}`,
    );
  }
  return [
    {
      role: 'system',
      content:
        `You draft replies for ${opts.agentName}, a support agent of ${c.appName} at ${c.companyName}. ` +
        'Write the next reply to the customer in the language the customer writes in: friendly, concise, and ' +
        'stating an amount, date, order number or promise only when this conversation holds it. Answer with the reply text ' +
        'only, without a subject line, notes or quotes.',
    },
    { role: 'user', content: parts.join('\n\n') },
  ];
}
