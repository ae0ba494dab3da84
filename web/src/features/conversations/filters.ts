import type { ConversationSort, ConversationStatus, PriorityFilter, SlaFilter } from '@inbox/contract';

/** 'active' is the default view: everything still waiting on someone (open and pending). */
export type StatusFilter = 'active' | ConversationStatus | 'all';
export type AssigneeFilter = 'all' | 'mine' | 'unassigned';
/** A priority to narrow to, or every priority ('all'). */
export type PriorityChoice = 'all' | PriorityFilter;

export interface InboxFilters {
  status: StatusFilter;
  assignee: AssigneeFilter;
  queueId: number | undefined;
  /** Conversations carrying this label (contract section 13). */
  labelId?: number;
  search: string;
  /** The list's order (contract section 13); `latest` by default. */
  sort: ConversationSort;
  priority: PriorityChoice;
  /** Service levels (contract section 14): a clock past due, or due within the hour; 'all' by default. */
  sla: 'all' | SlaFilter;
  page: number;
  /**
   * The page goes on after the previous page's last row (its `next_cursor`): set by "next page" only, so a
   * new conversation at the top does not push a row seen on one page onto the next.
   */
  after?: string;
  /** The page ends just before the next page's first row (its `prev_cursor`): set by "previous page" only. */
  before?: string;
}

export const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'active', label: 'Open & pending' },
  { value: 'open', label: 'Open' },
  { value: 'pending', label: 'Pending' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'closed', label: 'Closed' },
  { value: 'snoozed', label: 'Snoozed' },
  { value: 'all', label: 'All statuses' },
];

/** The sorts the console offers (contract sections 13 and 14). */
export const SORT_OPTIONS: { value: ConversationSort; label: string }[] = [
  { value: 'latest', label: 'Latest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'waiting_longest', label: 'Waiting longest' },
  { value: 'priority', label: 'Priority' },
  { value: 'sla', label: 'SLA' },
];

export const SLA_OPTIONS: { value: 'all' | SlaFilter; label: string }[] = [
  { value: 'all', label: 'Any SLA' },
  { value: 'breached', label: 'SLA breached' },
  { value: 'due_soon', label: 'SLA due soon' },
];

export const PRIORITY_OPTIONS: { value: PriorityChoice; label: string }[] = [
  { value: 'all', label: 'Any priority' },
  { value: 'urgent', label: 'Urgent' },
  { value: 'high', label: 'High' },
  { value: 'medium', label: 'Medium' },
  { value: 'low', label: 'Low' },
  { value: 'none', label: 'No priority' },
];

export const ASSIGNEE_OPTIONS: { value: AssigneeFilter; label: string }[] = [
  { value: 'mine', label: 'Mine' },
  { value: 'unassigned', label: 'Unassigned' },
  { value: 'all', label: 'All' },
];

export const PAGE_SIZE = 50;

const isStatus = (v: string | null): v is StatusFilter => STATUS_OPTIONS.some((o) => o.value === v);
const isAssignee = (v: string | null): v is AssigneeFilter => ASSIGNEE_OPTIONS.some((o) => o.value === v);
const isSort = (v: string | null): v is ConversationSort => SORT_OPTIONS.some((o) => o.value === v);
const isPriority = (v: string | null): v is PriorityChoice => PRIORITY_OPTIONS.some((o) => o.value === v);
const isSla = (v: string | null): v is 'all' | SlaFilter => SLA_OPTIONS.some((o) => o.value === v);

/** The shape of a `next_cursor` or `prev_cursor` (contract `ConversationPollQuery.after` and `before`). */
const CURSOR = /^(\d{1,2}\.)?\d{1,18}\.\d{1,10}$/;

/** The filters live in the URL (?status=&assignee=&queue=&q=&page=, and &after= or &before=), so reloads keep them. */
export function readFilters(params: URLSearchParams): InboxFilters {
  const status = params.get('status');
  const assignee = params.get('assignee');
  const queue = Number(params.get('queue'));
  const label = Number(params.get('label'));
  const page = Number(params.get('page'));
  const after = params.get('after');
  const before = params.get('before');
  const sort = params.get('sort');
  const priority = params.get('priority');
  const sla = params.get('sla');
  return {
    status: isStatus(status) ? status : 'active',
    assignee: isAssignee(assignee) ? assignee : 'all',
    queueId: Number.isInteger(queue) && queue > 0 ? queue : undefined,
    ...(Number.isInteger(label) && label > 0 ? { labelId: label } : {}),
    search: params.get('q') ?? '',
    sort: isSort(sort) ? sort : 'latest',
    priority: isPriority(priority) ? priority : 'all',
    sla: isSla(sla) ? sla : 'all',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    ...(after && CURSOR.test(after) ? { after } : {}),
    ...(before && CURSOR.test(before) && !after ? { before } : {}),
  };
}

/**
 * Writes changed filters back; defaults are left out so the plain URL is the default view. The assignment
 * is the exception once chosen: a URL without one means "not chosen yet", which the inbox settles on first
 * open (Mine when the agent holds conversations), so a chosen All is written out.
 */
export function writeFilters(params: URLSearchParams, next: Partial<InboxFilters>): URLSearchParams {
  const merged = { ...readFilters(params), ...next };
  const out = new URLSearchParams();
  if (merged.status !== 'active') out.set('status', merged.status);
  if (merged.assignee !== 'all' || next.assignee !== undefined || params.has('assignee')) {
    out.set('assignee', merged.assignee);
  }
  if (merged.queueId) out.set('queue', String(merged.queueId));
  if (merged.labelId) out.set('label', String(merged.labelId));
  if (merged.search) out.set('q', merged.search);
  if (merged.sort !== 'latest') out.set('sort', merged.sort);
  if (merged.priority !== 'all') out.set('priority', merged.priority);
  if (merged.sla !== 'all') out.set('sla', merged.sla);
  if (merged.page > 1) out.set('page', String(merged.page));
  // A cursor belongs to the move that made it: any other change of filters or page drops it.
  if (merged.page > 1 && next.after) out.set('after', next.after);
  else if (merged.page > 1 && next.before) out.set('before', next.before);
  return out;
}

export const hasFilters = (f: InboxFilters) =>
  f.status !== 'active' ||
  f.assignee !== 'all' ||
  f.queueId !== undefined ||
  f.priority !== 'all' ||
  f.sla !== 'all' ||
  f.labelId !== undefined ||
  f.search.trim() !== '';

/** The query of GET /conversation/poll for these filters (contract section 6). */
export interface ListParams {
  app_id?: number;
  queue_id?: number;
  label_id?: number;
  status?: string;
  assigned_user_id?: 'me' | 'none';
  search?: string;
  sort?: ConversationSort;
  priority?: string;
  sla?: SlaFilter;
  limit: number;
  offset: number;
  after?: string;
  before?: string;
}

export function listParams(f: InboxFilters, appId: number | null, search: string): ListParams {
  const status = f.status === 'active' ? 'open,pending' : f.status === 'all' ? undefined : f.status;
  const who = f.assignee === 'mine' ? 'me' : f.assignee === 'unassigned' ? 'none' : undefined;
  const params: ListParams = { limit: PAGE_SIZE, offset: (f.page - 1) * PAGE_SIZE };
  if (f.after && f.page > 1) params.after = f.after;
  else if (f.before && f.page > 1) params.before = f.before;
  if (appId) params.app_id = appId;
  if (f.queueId) params.queue_id = f.queueId;
  if (f.labelId) params.label_id = f.labelId;
  if (status) params.status = status;
  if (who) params.assigned_user_id = who;
  if (search.trim()) params.search = search.trim();
  if (f.sort !== 'latest') params.sort = f.sort;
  if (f.priority !== 'all') params.priority = f.priority;
  if (f.sla !== 'all') params.sla = f.sla;
  return params;
}

/** What an empty list says, depending on what narrowed it. */
export function emptyText(f: InboxFilters): { title: string; description: string } {
  if (f.search.trim()) {
    return {
      title: 'No conversations match these filters.',
      description: `Nothing found for “${f.search.trim()}”. Try other words, or clear the filters.`,
    };
  }
  if (!hasFilters(f)) {
    return {
      title: 'No open conversations',
      description: 'New chats from customers appear here as soon as they write in.',
    };
  }
  if (f.assignee === 'mine' && f.status === 'active' && !f.queueId && !f.labelId) {
    return {
      title: 'No conversations are assigned to you.',
      description: 'Pick an unassigned conversation and assign it to yourself.',
    };
  }
  if (f.assignee === 'unassigned' && f.status === 'active' && !f.queueId && !f.labelId) {
    return { title: 'No unassigned conversations.', description: 'Every open conversation has an owner.' };
  }
  return {
    title: 'No conversations match these filters.',
    description: 'Try another status, queue, label or assignment, or clear the filters.',
  };
}
