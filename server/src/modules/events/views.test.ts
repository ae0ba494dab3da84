import type { InboxEvent } from '@inbox/contract';
import { describe, expect, it } from 'vitest';
import type { Visibility } from '../access/conversation-visibility.ts';
import { consoleMaySee } from './views.ts';

const agent: Visibility = {
  viewer: { companyId: 1, userId: 7, role: 'agent' },
  all: false,
  fullAppIds: [],
  agentAppIds: [10],
  memberQueueIds: [],
  publicQueueIds: [],
};
const event = (type: InboxEvent['type'], data: Record<string, unknown>, companyId = 1): InboxEvent => ({
  event_id: 1,
  type,
  company_id: companyId,
  app_id: null,
  customer_id: 5,
  actor: { type: 'user', id: 1 },
  data,
  created_ts: '2026-11-26T00:00:00.000Z',
});

describe('who sees a customer’s events', () => {
  it('whoever sees one of the apps the customer is linked to, in the same company', () => {
    expect(consoleMaySee(agent, event('customer.updated', { app_ids: [3, 10] }))).toBe(true);
    expect(consoleMaySee(agent, event('customer.merged', { app_ids: [3] }))).toBe(false);
    expect(consoleMaySee(agent, event('customer.deleted', {}))).toBe(false);
    expect(consoleMaySee(agent, event('customer.updated', { app_ids: [10] }, 2))).toBe(false);
    expect(consoleMaySee({ ...agent, all: true }, event('customer.created', { app_ids: [3] }))).toBe(true);
  });
});

describe('who sees the label list change', () => {
  it('every console of the company, agents too, and nobody else', () => {
    const label = { label: { label_id: 3, name: 'VIP', color: '#f59e0b' } };
    expect(consoleMaySee(agent, { ...event('label.updated', label), customer_id: undefined })).toBe(true);
    expect(consoleMaySee(agent, { ...event('label.deleted', label, 2), customer_id: undefined })).toBe(false);
  });
});
