import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { withoutClient } from './runtime.ts';

class DatabaseError extends Error {
  code = '57P01';
}

describe('a job queue error in the log', () => {
  it('keeps what the operator reads and leaves out the pg client it carries', () => {
    const err = Object.assign(new DatabaseError('terminating connection due to administrator command'), {
      client: { connectionParameters: { host: '127.0.0.1' }, _types: { big: 'x'.repeat(5000) } },
    });
    const lines: string[] = [];
    const log = pino({ base: null }, { write: (line: string) => lines.push(line) });
    log.warn({ err: withoutClient(err) }, 'job queue error');
    const logged = JSON.parse(lines[0] ?? '{}') as { err: Record<string, unknown> };
    expect(logged.err).toMatchObject({
      type: 'DatabaseError',
      message: 'terminating connection due to administrator command',
      code: '57P01',
    });
    expect(logged.err).not.toHaveProperty('client');
    expect(lines[0]!.length).toBeLessThan(2000);
    // The error the queue raised is left as it was.
    expect(err.client).toBeDefined();
  });
});
