import { COMMON_WORD, type InboxData } from './inbox-generate.ts';

/** The polls both inbox benches measure, each as a viewer asks it: a first page, a filter, searches, a deep page. */
export const INBOX_CALLS = (d: InboxData) => [
  { slug: 'first', scenario: 'first page', query: {} as Record<string, string> },
  {
    slug: 'open-unassigned',
    scenario: 'open, unassigned',
    query: { status: 'open', assigned_user_id: 'none' },
  },
  {
    slug: 'search-order',
    scenario: `search an order number (${d.orderNumber})`,
    query: { search: d.orderNumber },
  },
  {
    slug: 'search-email',
    scenario: `search an email address (${d.customerEmail})`,
    query: { search: d.customerEmail },
  },
  {
    slug: 'search-phone',
    scenario: `search a phone number (${d.customerPhone})`,
    query: { search: d.customerPhone },
  },
  {
    slug: 'search-name',
    scenario: `search a common last name (${d.commonName})`,
    query: { search: d.commonName },
  },
  {
    slug: 'search-word',
    scenario: `search a common word of messages (${COMMON_WORD})`,
    query: { search: COMMON_WORD },
  },
  { slug: 'deep', scenario: 'deep page (offset 10,000)', query: { offset: '10000' } },
  // Issue 44's sorts, priority filter and label filter; each is also measured on its next page, by cursor (`NEXT_PAGED`).
  { slug: 'sort-oldest', scenario: 'sorted oldest first', query: { sort: 'oldest' } },
  { slug: 'sort-waiting', scenario: 'sorted waiting longest', query: { sort: 'waiting_longest' } },
  { slug: 'sort-priority', scenario: 'sorted by priority', query: { sort: 'priority' } },
  // Issue 45: the soonest service-level due time first (`conversations_sla_idx`).
  { slug: 'sort-sla', scenario: 'sorted by SLA due time', query: { sort: 'sla' } },
  { slug: 'priority-urgent', scenario: 'priority urgent', query: { priority: 'urgent' } },
  { slug: 'label', scenario: 'label Billing (a tenth)', query: { label_id: String(d.labels.billing) } },
  { slug: 'label-rare', scenario: 'label VIP (a hundredth)', query: { label_id: String(d.labels.vip) } },
];

/** The calls whose next page, by the first page's `next_cursor`, is measured too (as `<slug>-next`). */
export const NEXT_PAGED = new Set([
  'first',
  'sort-oldest',
  'sort-waiting',
  'sort-priority',
  'sort-sla',
  'priority-urgent',
  'label',
  'label-rare',
]);

/**
 * `BENCH_INBOX_ONLY` (comma-separated slugs, `-next` ones included): measure only those calls, for a run
 * about a few of them on a shared machine.
 */
export const onlyCalls = (env: NodeJS.ProcessEnv) => {
  const only = env.BENCH_INBOX_ONLY?.split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  return only?.length ? new Set(only) : undefined;
};
