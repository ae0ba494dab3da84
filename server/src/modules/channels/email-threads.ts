import { createHmac } from 'node:crypto';

/**
 * How email replies find their conversation (contract section 10): the `reply+<token>@` address our replies
 * carry as Reply-To, and the Message-ID / In-Reply-To / References chain. The token names the conversation
 * and carries an HMAC under the server's secret, so a guessed address cannot drop mail into another thread.
 */

const mac = (secret: string, conversationId: number) =>
  createHmac('sha256', secret).update(`reply:${conversationId}`).digest('hex').slice(0, 12);

export const replyToken = (secret: string, conversationId: number) =>
  `${conversationId}-${mac(secret, conversationId)}`;

/** The conversation a `reply+<token>` names, when its token is genuine. */
export function conversationOfToken(secret: string, token: string): number | null {
  const m = /^(\d{1,10})-([0-9a-f]{12})$/.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  return mac(secret, id) === m[2] ? id : null;
}

/** `reply+token@domain` split; null for any other address. */
export function replyAddress(address: string): { token: string; domain: string } | null {
  const m = /^reply\+([^@]+)@(.+)$/i.exec(address.trim());
  return m ? { token: m[1]!.toLowerCase(), domain: m[2]!.toLowerCase() } : null;
}

export const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();

/** A forwarded mail's own header line: what follows is the content the customer passes on, not history. */
export const FORWARD_MARKER =
  /^\s*(?:-{2,}\s*(?:forwarded message|weitergeleitete nachricht|message transféré|mensaje reenviado)\s*-{2,}|begin forwarded message:|anfang der weitergeleiteten nachricht:)/i;

/** "Fwd:", "FW:", German "WG:", French "TR:", Spanish "RV:", Dutch "Doorst:": a subject that forwards. */
export const isForwardSubject = (subject: string) => /^\s*(?:fwd?|wg|tr|rv|doorst|vs|enc)\s*:/i.test(subject);

/**
 * The new part of a reply, for the thread: what comes before the quoted history ("On ... wrote:", an
 * "-----Original Message-----" block, Outlook's "From: ... Sent: ..." header, or trailing "> " lines).
 * A forwarded mail (by its subject, or a "Forwarded message" line before any history) is kept whole: what
 * the customer passes on is the point of the mail. The full text is kept beside it when anything was cut.
 */
export function visibleReply(text: string, forwarded = false): string {
  if (forwarded) return text.trim();
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  let end = lines.length;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    const next = lines[i + 1]?.trim() ?? '';
    if (FORWARD_MARKER.test(line)) return text.trim();
    if (
      /^On .{4,200} wrote:$/i.test(line) ||
      (/^On .{4,200}$/i.test(line) && /wrote:$/i.test(next)) ||
      /^-{2,}\s*Original Message\s*-{2,}$/i.test(line) ||
      (/^From: .+/i.test(line) && /^(Sent|Date): .+/i.test(next))
    ) {
      end = i;
      break;
    }
  }
  const kept = lines.slice(0, end);
  while (kept.length > 0 && (/^>/.test(kept.at(-1)!.trim()) || kept.at(-1)!.trim() === '')) kept.pop();
  return kept.join('\n').trim();
}
