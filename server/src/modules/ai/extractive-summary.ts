import { channelLabel } from '@inbox/contract';
import { priorityOf } from '../conversations/priority.ts';
import type { AiConversation, AiMessage } from './context.ts';
import { clip, splitSentences, stamp, terms } from './text.ts';

interface Candidate {
  order: number;
  message: AiMessage;
  text: string;
  terms: string[];
  score: number;
}

const SENTENCE_CHARS = 220;

/**
 * Sentences of people (customer, agents, notes), in order; automatic and system messages say nothing new.
 * A very short sentence ("Order #4711.") joins the next one of the same message, so it keeps its context.
 */
function candidates(messages: AiMessage[]): Candidate[] {
  const out: Candidate[] = [];
  for (const message of messages) {
    if (message.senderType !== 'customer' && message.senderType !== 'agent') continue;
    let pending = '';
    const sentences = splitSentences(message.content);
    sentences.forEach((sentence, i) => {
      const text = pending ? `${pending} ${sentence}` : sentence;
      if (terms(text).length < 3 && i < sentences.length - 1) {
        pending = text;
        return;
      }
      pending = '';
      out.push({ order: out.length, message, text, terms: terms(text), score: 0 });
    });
  }
  return out;
}

/**
 * Luhn-style scoring: a sentence weighs the conversation-wide frequency of its terms, normalised by its
 * length; the last exchange (the current state), customer questions and sentences carrying numbers
 * (order ids, amounts, dates) weigh more. Greetings and thanks score nothing.
 */
function score(all: Candidate[], messages: AiMessage[]) {
  const tf = new Map<string, number>();
  for (const c of all) for (const t of new Set(c.terms)) tf.set(t, (tf.get(t) ?? 0) + 1);
  const people = messages.filter((m) => m.senderType === 'customer' || m.senderType === 'agent');
  const lastTwo = new Set(people.slice(-2));
  for (const c of all) {
    const unique = [...new Set(c.terms)];
    if (unique.length === 0) continue;
    let s = unique.reduce((sum, t) => sum + tf.get(t)!, 0) / Math.sqrt(unique.length);
    if (unique.length < 3) s *= 0.5;
    if (lastTwo.has(c.message)) s *= 1.3;
    if (c.message.senderType === 'customer' && c.text.endsWith('?')) s *= 1.2;
    if (/\d/.test(c.text)) s *= 1.15;
    if (c.message.isPrivate) s *= 1.1;
    c.score = s;
  }
}

/**
 * The few best sentences, back in conversation order: about one in five, between two and five. Messages in
 * `shown` are quoted elsewhere in the summary and give none.
 */
export function keySentences(messages: AiMessage[], shown: Set<AiMessage> = new Set()): Candidate[] {
  const all = candidates(messages);
  score(all, messages);
  const k = Math.min(5, Math.max(2, Math.ceil(all.length / 5)));
  const ranked = all.filter((c) => c.score > 0 && !shown.has(c.message)).sort((a, b) => b.score - a.score);
  // One sentence per message first, so several voices are heard; then the next best fill the rest.
  const used = new Set<AiMessage>();
  const picked: Candidate[] = [];
  for (const c of ranked) {
    if (picked.length < k && !used.has(c.message)) {
      picked.push(c);
      used.add(c.message);
    }
  }
  for (const c of ranked) if (picked.length < k && !picked.includes(c)) picked.push(c);
  return picked.sort((a, b) => a.order - b.order);
}

function statusLine(c: AiConversation, last: AiMessage | undefined): string {
  const line = stateLine(c, last);
  const priority = priorityOf(c.priority);
  return priority ? `${line} Priority: ${priority}.` : line;
}

function stateLine(c: AiConversation, last: AiMessage | undefined): string {
  const who = c.assignedName ? `assigned to ${c.assignedName}` : 'not assigned to anyone';
  switch (c.status) {
    case 'snoozed':
      return `Status: snoozed and ${who}; set aside ${c.snoozedUntil ? `until ${stamp(c.snoozedUntil, c.timezone)}` : 'until the customer writes again'}.`;
    case 'open':
      return `Status: open and ${who}; the customer has been waiting for an answer${c.waitingSince ? ` since ${stamp(c.waitingSince, c.timezone)}` : ''}.`;
    case 'pending':
      return `Status: pending and ${who}; an agent answered${last ? ` last at ${stamp(last.createdAt, c.timezone)}` : ''} and the customer has not replied yet.`;
    case 'resolved':
      return `Status: resolved${c.resolvedAt ? ` on ${stamp(c.resolvedAt, c.timezone)}` : ''}, ${who}.`;
    default:
      return `Status: closed because the customer's portal session expired before it was resolved; ${who}.`;
  }
}

function countsLine(c: AiConversation, messages: AiMessage[]): string {
  const { customer, agent, notes, auto, system } = c.counts;
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const parts = [`${plural(customer, 'message', 'messages')} from the customer`, `${agent} from agents`];
  if (auto > 0) parts.push(plural(auto, 'automatic reply', 'automatic replies'));
  if (notes > 0) parts.push(plural(notes, 'internal note', 'internal notes'));
  if (system > 0) parts.push(plural(system, 'system line', 'system lines'));
  const agents = [...new Set(messages.filter((m) => m.senderType === 'agent').map((m) => m.senderName))];
  const from = stamp(c.createdAt, c.timezone);
  const to = messages.length ? stamp(messages[messages.length - 1]!.createdAt, c.timezone) : from;
  const span = from === to ? ` on ${from}` : ` between ${from} and ${to}`;
  const names = agents.length ? ` Agents involved: ${agents.join(', ')}.` : ' No agent has written yet.';
  return `${parts.join(', ')}${span}.${names}`;
}

const label = (m: AiMessage) => (m.isPrivate ? `Internal note (${m.senderName})` : m.senderName);

/**
 * An extractive summary that needs no AI service: who, where, state and counts, the customer's request in
 * their own words, the conversation's key sentences attributed to their authors, and the customer's latest
 * words when they await an answer.
 */
export function extractiveSummary(c: AiConversation): string {
  const where = c.queueName ? `${c.appName} › ${c.queueName}` : c.appName;
  const contact = c.customerEmail ? `${c.customerName} (${c.customerEmail})` : c.customerName;
  const people = c.messages.filter(
    (m) => !m.isPrivate && (m.senderType === 'customer' || m.senderType === 'agent'),
  );
  const lines = [
    `Conversation #${c.number} with ${contact} in ${where}, via ${channelLabel(c.channel)}.`,
    statusLine(c, people.at(-1)),
    countsLine(c, c.messages),
  ];
  const opening = c.messages.find((m) => m.senderType === 'customer' && !m.isPrivate);
  const lastCustomer = c.messages.findLast((m) => m.senderType === 'customer' && !m.isPrivate);
  const awaitsAnswer =
    lastCustomer !== undefined &&
    lastCustomer !== opening &&
    people.at(-1) === lastCustomer &&
    c.status !== 'resolved';
  if (opening) lines.push('', `Request: "${clip(opening.content, SENTENCE_CHARS)}"`);
  const shown = new Set([opening, awaitsAnswer ? lastCustomer : undefined].filter((m) => m !== undefined));
  const key = keySentences(c.messages, shown);
  if (key.length > 0) {
    lines.push(
      '',
      'Key points:',
      ...key.map((k) => `- ${label(k.message)}: "${clip(k.text, SENTENCE_CHARS)}"`),
    );
  }
  if (awaitsAnswer) {
    lines.push(
      '',
      `Latest from the customer (${stamp(lastCustomer.createdAt, c.timezone)}): "${clip(lastCustomer.content, SENTENCE_CHARS)}"`,
    );
  }
  return lines.join('\n');
}
