import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise each mail becomes DATA_DIR/mail/<time>-<n>.eml and a log line. */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
        opts.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  const dir = path.join(opts.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let n = 0;
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      await fs.mkdir(dir, { recursive: true });
      n += 1;
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${n}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      opts.log.info(
        { to: mail.to, subject: mail.subject, file },
        'mail written to file (SMTP_URL is not set)',
      );
    },
  };
}
