import { firstName } from '../../lib/first-name.ts';
import type { Mail } from '../../lib/mailer.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** "24 hours", "30 minutes", "2 days": how long the link stays usable without customer activity. */
export function humanDuration(seconds: number): string {
  const unit = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  if (seconds % 86400 === 0 && seconds >= 2 * 86400) return unit(seconds / 86400, 'day');
  if (seconds % 3600 === 0) return unit(seconds / 3600, 'hour');
  return unit(Math.max(1, Math.round(seconds / 60)), 'minute');
}

export function secureLinkMail(input: {
  to: string;
  link: string;
  customerName: string;
  agentName: string;
  appName: string;
  companyName: string;
  ttlSeconds: number;
}): Mail {
  const greeting = `Hi ${firstName(input.customerName)},`;
  const intro = `${input.agentName} from ${input.appName} (${input.companyName}) sent you a secure link to continue your support conversation:`;
  const validity = `The link stays valid for ${humanDuration(input.ttlSeconds)} after your last message. Anyone with this link can read the conversation, so please do not forward it.`;
  const text = [greeting, '', intro, '', input.link, '', validity, '', `— ${input.appName} support`, ''].join(
    '\n',
  );
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(input.link)}">Open the conversation</a></p>`,
    `<p>${escapeHtml(validity)}</p>`,
    `<p>— ${escapeHtml(input.appName)} support</p>`,
  ].join('\n');
  return { to: input.to, subject: `Continue your conversation with ${input.appName}`, text, html };
}
