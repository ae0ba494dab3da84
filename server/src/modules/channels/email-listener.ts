import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { AttachmentStorage } from '../attachments/storage.ts';
import { integrationForAddress, isAutomatic, receiveEmail } from './email-inbound.ts';

/** Largest mail accepted: the attachments limit of ten files of 10 MB, as base64. */
const MAX_MAIL_BYTES = 140 * 1024 * 1024;

/**
 * The built-in SMTP listener for email integrations (`SMTP_LISTEN_PORT`, on `HOST`). Recipients that are no
 * active integration's address (or a genuine `reply+` token) are refused at RCPT TO, so the sending server
 * bounces them; a mail is acknowledged only once stored, so a database outage makes the sender try again
 * later (a 4xx answer), never a lost mail. With several processes on one machine, the first to bind the port
 * listens; the others try again every `retryMs`, so one of them takes over when that process stops. Any
 * process can take the mail: it is stored in the shared database, and its events reach every process.
 */
export async function startEmailListener(opts: {
  db: Db;
  storage: AttachmentStorage;
  config: Config;
  log: FastifyBaseLogger;
  /** Wakes the event announcer after a stored mail (its message and conversation events). */
  kick: () => void;
  /** How often a process that found the port taken tries it again. */
  retryMs?: number;
}) {
  const { db, storage, config, log } = opts;
  const server = new SMTPServer({
    name: new URL(config.publicUrl).hostname,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MAIL_BYTES,
    logger: false,
    async onRcptTo(address, session, callback) {
      try {
        const target = await integrationForAddress(db, config, address.address);
        if (!target) return callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
        (session as unknown as { targets?: unknown[] }).targets = [
          ...((session as unknown as { targets?: unknown[] }).targets ?? []),
          target,
        ];
        callback();
      } catch (err) {
        log.warn({ err }, 'email: recipient check failed');
        callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      }
    },
    onData(stream, session, callback) {
      const targets =
        (session as unknown as { targets?: { integrationId: number; conversationId: number | null }[] })
          .targets ?? [];
      // Only genuine plain parts in `mail.text`: HTML is turned into text one way, in email-body.ts.
      simpleParser(stream, { skipHtmlToText: true })
        .then(async (mail) => {
          if (isAutomatic(mail, session.envelope.mailFrom ? session.envelope.mailFrom.address : false)) {
            log.info({ messageId: mail.messageId }, 'email: automatic mail dropped');
            return callback();
          }
          for (const target of targets) await receiveEmail(db, storage, mail, target);
          opts.kick();
          callback();
        })
        .catch((err: Error & { status?: number }) => {
          log.warn({ err }, 'email: not stored');
          // A refused file is final (5xx); anything else (the database away) is worth another try (4xx).
          const final = err.status !== undefined && err.status >= 400 && err.status < 500;
          callback(
            Object.assign(new Error(final ? err.message : 'Try again later'), {
              responseCode: final ? 554 : 451,
            }),
          );
        });
    },
  });
  // SMTPServer re-emits its socket's errors; unheard, an event emitter's error would end the process.
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EADDRINUSE') log.warn({ err }, 'email: SMTP listener error');
  });
  // Resolves with the bound port, or null when another process holds it; other errors are the caller's.
  const bind = () =>
    new Promise<number | null>((resolve, reject) => {
      const onError = (err: NodeJS.ErrnoException) => {
        if (err.code === 'EADDRINUSE') resolve(null);
        else reject(err);
      };
      server.server.once('error', onError);
      server.listen(config.smtpListenPort ?? 0, config.host, () => {
        server.server.off('error', onError);
        resolve((server.server.address() as AddressInfo).port);
      });
    });
  let port = await bind();
  let retry: NodeJS.Timeout | undefined;
  if (port !== null) log.info({ port }, 'email: SMTP listener up');
  else {
    log.info(
      { port: config.smtpListenPort },
      'email: another process listens on the SMTP port; will take over',
    );
    retry = setInterval(() => {
      bind().then(
        (bound) => {
          if (bound === null) return;
          if (retry === undefined) return void server.close(); // stopped while it was binding
          clearInterval(retry);
          retry = undefined;
          port = bound;
          log.info({ port }, 'email: SMTP listener up (took over)');
        },
        (err) => log.warn({ err }, 'email: SMTP listener could not bind'),
      );
    }, opts.retryMs ?? 10_000);
    retry.unref();
  }
  return {
    /** The bound port, or null while another process holds it. */
    get port() {
      return port;
    },
    stop: () => {
      clearInterval(retry);
      retry = undefined;
      return new Promise<void>((resolve) => (port === null ? resolve() : server.close(() => resolve())));
    },
  };
}
