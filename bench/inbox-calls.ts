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
];
