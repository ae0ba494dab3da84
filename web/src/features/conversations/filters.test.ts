import { describe, expect, it } from 'vitest';
import { emptyText, listParams, readFilters, writeFilters } from './filters';

const q = (s: string) => new URLSearchParams(s);

describe('inbox filters', () => {
  it('default to open and pending conversations of everyone, first page', () => {
    expect(readFilters(q(''))).toEqual({
      status: 'active',
      assignee: 'all',
      queueId: undefined,
      search: '',
      sort: 'latest',
      priority: 'all',
      sla: 'all',
      page: 1,
    });
    expect(listParams(readFilters(q('')), 7, '')).toEqual({
      app_id: 7,
      status: 'open,pending',
      limit: 50,
      offset: 0,
    });
  });

  it('carry the sort, the priority and the Snoozed view in the URL and the poll, with a priority sort cursor', () => {
    const f = readFilters(q('status=snoozed&sort=waiting_longest&priority=urgent'));
    expect(listParams(f, 7, '')).toMatchObject({
      status: 'snoozed',
      sort: 'waiting_longest',
      priority: 'urgent',
    });
    expect(writeFilters(q(''), { sort: 'priority', priority: 'high' }).toString()).toBe(
      'sort=priority&priority=high',
    );
    expect(readFilters(q('sort=sideways&priority=soon'))).toMatchObject({ sort: 'latest', priority: 'all' });
    const paged = writeFilters(q('sort=priority'), { page: 2, after: '1.1795769936607123.42' });
    expect(listParams(readFilters(paged), 7, '')).toMatchObject({
      sort: 'priority',
      after: '1.1795769936607123.42',
    });
  });

  it('carry the SLA filter and sort in the URL and the poll, and drop an unknown one', () => {
    const f = readFilters(q('sla=breached&sort=sla'));
    expect(listParams(f, 7, '')).toMatchObject({ sla: 'breached', sort: 'sla' });
    expect(writeFilters(q(''), { sla: 'due_soon' }).toString()).toBe('sla=due_soon');
    expect(readFilters(q('sla=late')).sla).toBe('all');
    expect(emptyText(readFilters(q('sla=due_soon'))).title).toBe('No conversations match these filters.');
  });

  it('map Mine and Unassigned to assigned_user_id me and none, and All to no filter', () => {
    expect(listParams(readFilters(q('assignee=mine')), 7, '').assigned_user_id).toBe('me');
    expect(listParams(readFilters(q('assignee=unassigned')), 7, '').assigned_user_id).toBe('none');
    expect(listParams(readFilters(q('assignee=all')), 7, '')).not.toHaveProperty('assigned_user_id');
  });

  it('send one status, or none for all statuses, with the queue, search and page offset', () => {
    const f = readFilters(q('status=resolved&queue=4&q=refund&page=3'));
    expect(listParams(f, 7, f.search)).toEqual({
      app_id: 7,
      status: 'resolved',
      queue_id: 4,
      search: 'refund',
      limit: 50,
      offset: 100,
    });
    expect(listParams(readFilters(q('status=all')), 7, '')).not.toHaveProperty('status');
  });

  it('go on after the previous page’s last row only when "next page" said so', () => {
    const next = writeFilters(q('status=open&page=2'), { page: 3, after: '1795769936607123.42' });
    expect(next.toString()).toBe('status=open&page=3&after=1795769936607123.42');
    expect(listParams(readFilters(next), 7, '')).toMatchObject({ offset: 100, after: '1795769936607123.42' });
    // Any other move counts from the top again: another page, another filter, a malformed or first-page cursor.
    expect(writeFilters(next, { page: 2 }).has('after')).toBe(false);
    expect(writeFilters(next, { status: 'pending' }).has('after')).toBe(false);
    expect(readFilters(q('page=2&after=1;drop')).after).toBeUndefined();
    expect(listParams(readFilters(q('after=17.4')), 7, '').after).toBeUndefined();
  });

  it('end before the next page’s first row only when "previous page" said so', () => {
    const back = writeFilters(q('page=4&after=1795769936607123.42'), {
      page: 3,
      before: '1795769936000000.7',
    });
    expect(back.toString()).toBe('page=3&before=1795769936000000.7');
    expect(listParams(readFilters(back), 7, '')).toMatchObject({ offset: 100, before: '1795769936000000.7' });
    expect(listParams(readFilters(back), 7, '')).not.toHaveProperty('after');
    expect(writeFilters(back, { page: 4 }).has('before')).toBe(false);
    expect(writeFilters(back, { page: 1, before: '1795769936000000.7' }).has('before')).toBe(false);
    expect(readFilters(q('page=2&before=x')).before).toBeUndefined();
  });

  it('ignore values that are not filters', () => {
    expect(readFilters(q('status=nope&assignee=x&queue=-2&page=0'))).toEqual(readFilters(q('')));
  });

  it('leave defaults out of the URL and reset nothing they are not asked to', () => {
    expect(writeFilters(q('status=pending&page=2'), { assignee: 'mine', page: 1 }).toString()).toBe(
      'status=pending&assignee=mine',
    );
    expect(writeFilters(q('q=abc'), { search: '' }).toString()).toBe('');
  });

  it('write a chosen All out, so a URL without an assignment means "not chosen yet"', () => {
    expect(writeFilters(q(''), { assignee: 'all' }).toString()).toBe('assignee=all');
    expect(writeFilters(q('assignee=all'), { status: 'open' }).toString()).toBe('status=open&assignee=all');
    expect(writeFilters(q(''), { status: 'open' }).toString()).toBe('status=open');
  });

  it('say why the list is empty', () => {
    expect(emptyText(readFilters(q('status=closed'))).title).toBe('No conversations match these filters.');
    expect(emptyText(readFilters(q('q=zzz'))).title).toBe('No conversations match these filters.');
    expect(emptyText(readFilters(q('assignee=mine'))).title).toBe('No conversations are assigned to you.');
    expect(emptyText(readFilters(q(''))).title).toBe('No open conversations');
  });
});
