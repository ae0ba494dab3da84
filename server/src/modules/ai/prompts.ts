import type { AiConversation, AiMessage } from './context.ts';
import type { ChatMessage } from './llm.ts';
import { channelLabel, clip, utcStamp } from './text.ts';

/** Keeps a prompt within a few thousand tokens: the newest messages win, each one clipped. */
const TRANSCRIPT_CHARS = 12_000;
const MESSAGE_CHARS = 1_500;

function speaker(m: AiMessage) {
  if (m.isPrivate) return `Internal note by ${m.senderName}`;
  if (m.senderType === 'customer') return `Customer ${m.senderName}`;
  if (m.senderType === 'agent') return `Agent ${m.senderName}`;
  if (m.senderType === 'auto') return 'Automatic reply';
  return 'System';
}

/** Oldest first, newest kept when the whole does not fit. */
export function transcript(messages: AiMessage[]): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    const line = `[${utcStamp(m.createdAt)}] ${speaker(m)}: ${clip(m.content || '(attachment)', MESSAGE_CHARS)}`;
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
    `status ${c.status}, ${assigned}. Customer: ${c.customerName}.`
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
    { role: 'user', content: `${header(c)}\n\nTranscript, oldest first:\n${transcript(c.messages)}` },
  ];
}

export function completionPrompt(
  c: AiConversation,
  opts: { agentName: string; examples: string[]; draft?: string },
): ChatMessage[] {
  const visible = c.messages.filter((m) => !m.isPrivate);
  const parts = [`${header(c)}\n\nTranscript, oldest first:\n${transcript(visible)}`];
  if (opts.examples.length > 0) {
    parts.push(
      'Replies agents of this app gave to similar questions before. Use them for facts about policies and ' +
        'for tone; they were written to other customers, so never copy names, order numbers or other ' +
        `personal details from them:\n${opts.examples.map((e, i) => `${i + 1}. ${clip(e, 800)}`).join('\n')}`,
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
        'only promising what the conversation or the example replies support. Answer with the reply text ' +
        'only, without a subject line, notes or quotes.',
    },
    { role: 'user', content: parts.join('\n\n') },
  ];
}
