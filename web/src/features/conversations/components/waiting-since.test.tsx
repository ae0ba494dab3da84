import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WaitingSince, waitedFor } from './waiting-since';

const now = new Date('2026-12-07T10:00:00Z');
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe('waiting time', () => {
  afterEach(cleanup);

  it('reads to the minute, then hours and days, and under a minute as "< 1 m", never "0 m"', () => {
    expect(waitedFor(ago(0.2), now)).toBe('< 1 m');
    expect(waitedFor(ago(14), now)).toBe('14 m');
    expect(waitedFor(ago(125), now)).toBe('2 h 5 m');
    expect(waitedFor(ago(180), now)).toBe('3 h');
    expect(waitedFor(ago(76 * 60), now)).toBe('3 d 4 h');
    // A clock a little behind the server's shows no negative wait.
    expect(waitedFor(ago(-2), now)).toBe('< 1 m');
  });

  it('shows on a row only while the customer waits', () => {
    const { rerender } = render(<WaitingSince since={ago(0.5).toISOString()} now={now} />);
    expect(screen.getByTestId('waiting-since').textContent).toBe('waiting < 1 m');
    rerender(<WaitingSince since={null} now={now} />);
    expect(screen.queryByTestId('waiting-since')).toBeNull();
  });
});
