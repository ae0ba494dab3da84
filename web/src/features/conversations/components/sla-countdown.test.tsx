import type { ConversationSla } from '@inbox/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SlaCountdown } from './sla-countdown';

const now = new Date('2026-12-07T10:00:00Z');
const sla = (over: Partial<ConversationSla>): ConversationSla => ({
  sla_policy_id: 1,
  name: 'Standard',
  first_response_due_ts: null,
  next_response_due_ts: null,
  resolution_due_ts: null,
  breached: [],
  ...over,
});

describe('SLA countdown', () => {
  afterEach(cleanup);

  it('counts down to the soonest running clock, amber within the hour, with the kind and time in its tooltip', () => {
    render(
      <SlaCountdown
        now={now}
        sla={sla({
          first_response_due_ts: '2026-12-07T10:25:00Z',
          resolution_due_ts: '2026-12-07T18:00:00Z',
        })}
      />,
    );
    const el = screen.getByTestId('sla-countdown');
    expect(el.textContent).toBe('SLA 25 m');
    expect(el.dataset.tone).toBe('amber');
    expect(el.title).toMatch(/^First response due .*\(Standard\)$/);
  });

  it('is plain when far off, red once past due or missed, and absent without a service level', () => {
    const { rerender } = render(
      <SlaCountdown now={now} sla={sla({ resolution_due_ts: '2026-12-07T13:00:00Z' })} />,
    );
    expect(screen.getByTestId('sla-countdown').dataset.tone).toBe('plain');
    expect(screen.getByTestId('sla-countdown').textContent).toBe('SLA 3 h');
    rerender(<SlaCountdown now={now} sla={sla({ next_response_due_ts: '2026-12-07T09:50:00Z' })} />);
    expect(screen.getByTestId('sla-countdown').textContent).toBe('SLA 10 m over');
    expect(screen.getByTestId('sla-countdown').dataset.tone).toBe('red');
    rerender(<SlaCountdown now={now} sla={sla({ breached: ['first_response'] })} />);
    expect(screen.getByTestId('sla-countdown').textContent).toBe('SLA missed');
    expect(screen.getByTestId('sla-countdown').title).toContain('Missed: First response');
    rerender(<SlaCountdown now={now} sla={null} />);
    expect(screen.queryByTestId('sla-countdown')).toBeNull();
  });
});
