import type { Mail } from '../../lib/mailer.ts';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function resetMail(user: { name: string; email: string }, link: string): Mail {
  const text = [
    `Hello ${user.name},`,
    '',
    'We received a request to reset your password. Open this link to choose a new one:',
    '',
    link,
    '',
    'The link works once and expires in 1 hour. If you did not ask for it, ignore this mail:',
    'your password stays unchanged.',
  ].join('\n');
  const html =
    `<p>Hello ${escapeHtml(user.name)},</p>` +
    '<p>We received a request to reset your password. Open this link to choose a new one:</p>' +
    `<p><a href="${escapeHtml(link)}">Reset your password</a></p>` +
    '<p>The link works once and expires in 1 hour. If you did not ask for it, ignore this mail: ' +
    'your password stays unchanged.</p>';
  return { to: user.email, subject: 'Reset your password', text, html };
}
