import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  url: string;
  inbox: ParsedMail[];
  /** Resolves with the next mail to that address (already received ones count). */
  waitFor(to: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

const recipients = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address));

/** A real SMTP server on a random loopback port, so mail in tests crosses the same wire as in production. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const inbox: ParsedMail[] = [];
  const waiters: { to: string; resolve: (m: ParsedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          inbox.push(mail);
          for (const w of waiters.splice(0)) {
            if (recipients(mail).includes(w.to)) w.resolve(mail);
            else waiters.push(w);
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    waitFor(to, timeoutMs = 5000) {
      const seen = inbox.findLast((m) => recipients(m).includes(to));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          to,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
