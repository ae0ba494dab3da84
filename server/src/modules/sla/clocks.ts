import type { BusinessHours, SlaKind } from '@inbox/contract';
import { addWorkingSeconds } from '../../lib/business-hours.ts';
import { priorityOf } from '../conversations/priority.ts';
import type { SlaPolicyRow } from './policies.ts';

/** What choosing a policy and running its clocks read of a conversation. */
export interface SlaFacts {
  appId: number;
  queueId: number | null;
  /** The priority's rank (1 urgent … 4 low) as the row stores it. */
  priority: number | null;
  labelIds: number[];
  status: string;
  createdAt: Date;
  /** The first agent reply (not a note, not an auto message): section 11's first response. */
  firstReplyAt: Date | null;
  /** The oldest customer message still without an agent reply after it. */
  waitingSince: Date | null;
}

export interface CompanyHours {
  hours: BusinessHours | null;
  timezone: string;
}

export type Dues = Record<SlaKind, Date | null>;

const matchesList = <T>(wanted: readonly T[], value: T | null) =>
  wanted.length === 0 || (value !== null && wanted.includes(value));

/** The first policy, in the order given (by position), whose conditions all match; an empty list matches all. */
export function choosePolicy(policies: SlaPolicyRow[], f: SlaFacts): SlaPolicyRow | null {
  const priority = priorityOf(f.priority);
  return (
    policies.find((p) => {
      const c = p.conditions;
      return (
        matchesList(c.app_ids, f.appId) &&
        matchesList(c.queue_ids, f.queueId) &&
        matchesList(c.priorities, priority) &&
        (c.label_ids.length === 0 || c.label_ids.some((id) => f.labelIds.includes(id)))
      );
    }) ?? null
  );
}

/** A resolved or closed conversation's clocks stop; snoozing does not stop them (contract section 14). */
export const clocksStopped = (status: string) => status === 'resolved' || status === 'closed';

/**
 * The running due times under `policy`: the first response from the start until the first agent reply; the
 * next response from the customer's oldest unanswered message once an agent has replied; the resolution from
 * the start until resolved. Met or stopped clocks are null. With `business_hours_only` only the company's
 * open time counts.
 */
export function dueTimes(policy: SlaPolicyRow | null, f: SlaFacts, company: CompanyHours): Dues {
  const none: Dues = { first_response: null, next_response: null, resolution: null };
  if (!policy || clocksStopped(f.status)) return none;
  const hours = policy.businessHoursOnly ? company.hours : null;
  const after = (from: Date | null, minutes: number | null) =>
    from === null || minutes === null ? null : addWorkingSeconds(hours, company.timezone, from, minutes * 60);
  return {
    first_response: f.firstReplyAt === null ? after(f.createdAt, policy.firstResponseMinutes) : null,
    next_response: f.firstReplyAt !== null ? after(f.waitingSince, policy.nextResponseMinutes) : null,
    resolution: after(f.createdAt, policy.resolutionMinutes),
  };
}

/** The soonest running due time: what the list sorts and filters by. */
export function soonest(d: Dues): Date | null {
  const times = Object.values(d).filter((t): t is Date => t !== null);
  return times.length === 0 ? null : new Date(Math.min(...times.map((t) => t.getTime())));
}
