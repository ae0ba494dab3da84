import { firstName } from '../../lib/first-name.ts';
import type { AiConversation, AiMessage } from './context.ts';
import { type Holdings, keepSupported } from './facts.ts';
import { nameParts } from './redact.ts';
import type { SimilarReply } from './similar-replies.ts';
import { clip, replaceWord, terms } from './text.ts';

const GREETING = /^(hi|hello|hey|dear|good (morning|afternoon|evening))\b[^\n,!.]*[,!.]?\s*/iu;

/** What the customer said since the last agent reply (or their last message): what a reply must answer. */
export function openQuestion(messages: AiMessage[]): AiMessage[] {
  const visible = messages.filter(
    (m) => !m.isPrivate && (m.senderType === 'customer' || m.senderType === 'agent'),
  );
  const lastAgent = visible.findLastIndex((m) => m.senderType === 'agent');
  const since = visible.slice(lastAgent + 1).filter((m) => m.senderType === 'customer');
  if (since.length > 0) return since;
  const last = visible.findLast((m) => m.senderType === 'customer');
  return last ? [last] : [];
}

/**
 * A past reply made fit for this customer with the least change: the other customer's first name becomes
 * this one's, the other agent's first name (a sign-off) becomes the caller's, and a reply without a greeting
 * gets one.
 */
export function adaptReply(reply: SimilarReply, customerName: string, agentName: string): string {
  let text = reply.content.trim();
  text = replaceWord(text, reply.customerName.trim(), customerName.trim());
  text = replaceWord(text, firstName(reply.customerName), firstName(customerName));
  if (reply.agentName) text = replaceWord(text, firstName(reply.agentName), firstName(agentName));
  if (!GREETING.test(text)) text = `Hi ${firstName(customerName)},\n\n${text}`;
  return text;
}

/** The other customer's name parts this customer does not share: a sentence still naming one goes. */
export function foreignNames(
  reply: Pick<SimilarReply, 'customerName' | 'customerEmail'>,
  customerName: string,
) {
  const own = new Set(nameParts(customerName).map((n) => n.toLowerCase()));
  const local = reply.customerEmail?.split('@')[0];
  return [...nameParts(reply.customerName), ...(local && local.length >= 3 ? [local] : [])].filter(
    (n) => !own.has(n.toLowerCase()),
  );
}

/** Content words beyond greeting, names and sign-off: a reply with fewer says nothing worth sending. */
const SUBSTANCE_TERMS = 4;

/**
 * The best past reply that, adapted to this customer and cut to what this conversation holds (no other
 * customer's details, no amount, date, number or promise from elsewhere), still says something; `null`
 * when none does.
 */
export function pastReplySuggestion(
  similar: SimilarReply[],
  c: AiConversation,
  agentName: string,
  held: Holdings,
): string | null {
  const names = new Set([...terms(c.customerName), ...terms(agentName)]);
  for (const reply of similar) {
    const text = keepSupported(
      adaptReply(reply, c.customerName, agentName),
      held,
      foreignNames(reply, c.customerName),
    );
    if (terms(text).filter((t) => !names.has(t)).length >= SUBSTANCE_TERMS) return text;
  }
  return null;
}

interface Intent {
  words: string[];
  answer: string;
}

/** Topics support mail keeps coming back to, and a first answer that moves each forward; on a tie the first wins. */
const INTENTS: Intent[] = [
  {
    words: ['cancel', 'cancellation', 'unsubscribe', 'terminate'],
    answer: "I can help you with the cancellation and will confirm here as soon as it's done.",
  },
  {
    words: ['refund', 'return', 'money', 'reimburse', 'exchange'],
    answer:
      "I'm looking into the return and refund options for you and will confirm the next steps shortly. If you have your order number at hand, please send it along.",
  },
  {
    words: [
      'broken',
      'damaged',
      'defect',
      'defective',
      'faulty',
      'error',
      'crash',
      'bug',
      'working',
      'wrong',
      'missing',
    ],
    answer:
      "I'm sorry for the trouble. Could you send a photo or a screenshot of the problem? That helps me sort it out as quickly as possible.",
  },
  {
    words: [
      'deliver',
      'delivery',
      'shipping',
      'shipped',
      'parcel',
      'package',
      'tracking',
      'track',
      'arrive',
      'arrived',
      'courier',
    ],
    answer:
      "I'm checking the delivery status with our shipping team right now and will send you an update with the tracking details as soon as I have them.",
  },
  {
    words: [
      'invoice',
      'charge',
      'charged',
      'payment',
      'billing',
      'bill',
      'card',
      'paid',
      'pay',
      'subscription',
      'plan',
      'vat',
      'receipt',
    ],
    answer:
      "I'm reviewing the billing details and charges on your account and will get back to you with a clear answer shortly.",
  },
  {
    words: ['password', 'login', 'log', 'account', 'sign', 'access', 'locked', 'reset', 'two-factor', '2fa'],
    answer:
      'Let\'s get you back into your account. I\'m checking it now; in the meantime, please try the "Forgot password?" link on the sign-in page and tell me if the email does not arrive.',
  },
];

const THANKS = /\b(thanks|thank you|thx|great|perfect|awesome|that worked|solved)\b/iu;

/** A reply when no past answer resembles the question: it names the topic the customer raised. */
export function templateReply(c: AiConversation, agentName: string, question: AiMessage[]): string {
  const first = firstName(c.customerName);
  const signOff = `Best regards,\n${firstName(agentName)}`;
  const text = question.map((m) => m.content).join('\n');
  if (question.length === 0) {
    return `Hi ${first},\n\nI'm following up on your conversation with ${c.appName}. Is there anything I can help you with?\n\n${signOff}`;
  }
  const words = new Set(terms(text));
  const intent = INTENTS.map((i) => ({ i, hits: i.words.filter((w) => words.has(w)).length }))
    .filter((x) => x.hits > 0)
    .sort((a, b) => b.hits - a.hits)[0]?.i;
  if (!intent && THANKS.test(text) && text.length < 200) {
    return `Hi ${first},\n\nYou're welcome, glad I could help! Is there anything else I can do for you?\n\n${signOff}`;
  }
  const topic = clip(question.at(-1)!.content.split(/(?<=[.!?])\s+|\n/u)[0] ?? '', 90);
  const thanks = topic ? `Thank you for your message ("${topic}").` : 'Thank you for your message.';
  const body = intent
    ? intent.answer
    : text.includes('?')
      ? "That's a good question. I'm looking into it and will get back to you shortly."
      : "I'm looking into this and will get back to you shortly.";
  return `Hi ${first},\n\n${thanks} ${body}\n\n${signOff}`;
}

/** The agent's draft kept as written, followed by the suggestion without its greeting. */
export function mergeDraft(draft: string | undefined, suggestion: string): string {
  const d = draft?.trim();
  if (!d) return suggestion;
  if (suggestion.toLowerCase().startsWith(d.toLowerCase())) return suggestion;
  const body = suggestion.replace(GREETING, '').trim();
  return `${d}${/[.!?,:;]$/u.test(d) ? '' : '.'}\n\n${body}`;
}
