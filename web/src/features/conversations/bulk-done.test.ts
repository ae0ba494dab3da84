import { describe, expect, it } from 'vitest';
import { bulkDone } from './api-bulk';

/** The bulk result toast's verb says what the new actions did, not only which action ran. */
describe('bulkDone', () => {
  it('names the priority set, or its removal', () => {
    expect(bulkDone({ action: 'priority', params: { priority: 'urgent' } })).toBe('set to urgent');
    expect(bulkDone({ action: 'priority', params: { priority: null } })).toBe('given no priority');
  });

  it('says when a snooze lasts until the customer replies', () => {
    expect(bulkDone({ action: 'snooze', params: { until_ts: '2030-01-01T09:00:00.000Z' } })).toBe('snoozed');
    expect(bulkDone({ action: 'snooze', params: { until_ts: null } })).toBe(
      'snoozed until the customer replies',
    );
  });

  it('tells adding a label from taking one off, and keeps the older actions’ words', () => {
    expect(bulkDone({ action: 'labels', params: { add: [3], remove: [] } })).toBe('labelled');
    expect(bulkDone({ action: 'labels', params: { add: [], remove: [3] } })).toBe('unlabelled');
    expect(bulkDone({ action: 'resolve', params: {} })).toBe('resolved');
  });
});
