import type { LoggerOptions } from 'pino';
import type { Config } from './config.ts';

/**
 * The process's logger: readable lines for a person at a terminal, JSON lines for everything else (a file,
 * a pipe, a log collector), unless `LOG_FORMAT` says which. Readable lines are formatted by pino-pretty in
 * pino's transport worker thread, so formatting never runs on the thread that answers requests, and JSON
 * output loads no formatter at all.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  stdoutIsTerminal = Boolean(process.stdout.isTTY),
): LoggerOptions {
  const pretty = config.logFormat === 'pretty' || (config.logFormat === 'auto' && stdoutIsTerminal);
  if (!pretty) return { level: config.logLevel };
  return {
    level: config.logLevel,
    transport: {
      target: 'pino-pretty',
      options: {
        // The worker's own stdout is no terminal, so it cannot tell by itself whether colours are wanted.
        colorize: stdoutIsTerminal,
        translateTime: 'SYS:HH:MM:ss.l',
        // One process per machine in most setups: its pid and host name on every line are noise here.
        ignore: 'pid,hostname',
      },
    },
  };
}
