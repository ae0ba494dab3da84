/**
 * The sentence an activity shows in the feed, from its type and the details recorded with it (never from
 * the subject's current state: a deleted app is still named as it was). Types without a sentence of their
 * own read as their verb and subject ("Updated queue “Billing”").
 */

const NOUNS: Record<string, string> = {
  app: 'app',
  auto_responder: 'auto-responder',
  integration: 'integration',
  company: 'company',
  conversation: 'conversation',
  customer: 'customer',
  label: 'label',
  queue: 'queue',
  user: 'user',
};

const VERBS: Record<string, string> = {
  added: 'Added',
  created: 'Created',
  deleted: 'Deleted',
  removed: 'Removed',
  updated: 'Updated',
  resolved: 'Resolved',
  reopened: 'Reopened',
  assigned: 'Assigned',
  unassigned: 'Unassigned',
  transferred: 'Transferred',
  merged: 'Merged',
  suspended: 'Suspended',
  activated: 'Activated',
};

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** The subject's name as the details recorded it, or its number. */
function subjectLabel(details: Record<string, unknown>, entityId: string | null) {
  const name =
    text(details.name) ??
    text(details.app_name) ??
    text(details.queue_name) ??
    text(details.company_name) ??
    text(details.email);
  if (name) return `“${name}”`;
  if (typeof details.number === 'number') return `#${details.number}`;
  return entityId ? `#${entityId}` : '';
}

const SPECIAL: Record<string, (d: Record<string, unknown>, label: string) => string> = {
  'company.status_changed': (d) =>
    `${d.status === 'suspended' ? 'Suspended' : 'Reactivated'} the company${text(d.reason) ? `: ${text(d.reason)}` : ''}`,
  'company.updated': () => 'Changed the company settings',
  'company.plan_changed': (d) => `Changed the plan from ${text(d.from) ?? '?'} to ${text(d.to) ?? '?'}`,
  'api_key.permission_granted': (d) =>
    `Granted ${text(d.permission) ?? 'a permission'} on ${text(d.integration) ?? 'an integration'} to API key ${text(d.name) ? `“${text(d.name)}”` : ''}`.trim(),
  'api_key.permission_revoked': (d) => `Revoked ${text(d.permission) ?? 'a permission'} from an API key`,
  'conversation.replied': (_d, label) => `Replied in conversation ${label}`,
  // Contract section 14: the customer's satisfaction rating, with its comment when there is one.
  'conversation.rated': (d, label) =>
    `Rated conversation ${label} ${typeof d.score === 'number' ? d.score : '?'} out of 5${text(d.comment) ? `: “${text(d.comment)}”` : ''}`,
  'conversation.note_added': (_d, label) => `Added a note to conversation ${label}`,
  'conversation.secure_link_sent': (_d, label) => `Sent a secure link for conversation ${label}`,
  'conversation.priority_changed': (d, label) =>
    text(d.to_priority)
      ? `Set the priority of conversation ${label} to ${text(d.to_priority)}`
      : `Cleared the priority of conversation ${label}`,
  'conversation.snoozed': (d, label) =>
    text(d.snoozed_until)
      ? `Snoozed conversation ${label} until ${text(d.snoozed_until)}`
      : `Snoozed conversation ${label} until the customer replies`,
  'conversation.snooze_ended': (_d, label) => `Snooze of conversation ${label} ended`,
  'customer.merged': (d) =>
    `Merged customer #${d.duplicate_customer_id ?? '?'} into customer #${d.primary_customer_id ?? '?'}`,
  'customer.deleted': () => 'Erased a customer and their conversations',
  'conversation.labels_changed': (_d, label) => `Changed the labels of conversation ${label}`,
  'customer.labels_changed': (_d, label) => `Changed the labels of customer ${label}`,
  'label.updated': (d, label) =>
    text(d.from_name) ? `Renamed label “${text(d.from_name)}” to ${label}` : `Updated label ${label}`,
  'customer.app_linked': (_d, label) => `Linked customer ${label} to an app`,
  'user.password_reset': () => 'Reset their password',
  'user.platform_admin_granted': (_d, label) => `Made user ${label} a platform admin`,
  'user.platform_admin_removed': (_d, label) => `Removed platform admin rights from user ${label}`,
};

/** Names the feed looks up for a line: the member a membership change was about, the app or queue it was in. */
export interface Names {
  member: string | null;
  scope: string | null;
}

const quoted = (name: string | null, fallback: string) => (name ? `“${name}”` : fallback);

/** Membership changes name the person, and the app or queue. */
function membershipLine(type: string, d: Record<string, unknown>, names: Names, entityId: string | null) {
  const [kind = '', verb] = type.split('.');
  const who = quoted(names.member, `user #${d.user_id ?? entityId ?? '?'}`);
  const where =
    kind === 'company_member'
      ? 'the company'
      : `${kind === 'app_member' ? 'app' : 'queue'} ${quoted(names.scope, `#${entityId ?? '?'}`)}`;
  const role = text(d.role);
  if (verb === 'added') return `Added ${who} to ${where}${role ? ` as ${role}` : ''}`;
  if (verb === 'removed') return `Removed ${who} from ${where}`;
  if (verb === 'updated') return `Changed the role of ${who} in ${where}${role ? ` to ${role}` : ''}`;
  return null;
}

export function summaryOf(
  type: string,
  details: Record<string, unknown>,
  entityId: string | null,
  names: Names = { member: null, scope: null },
) {
  if (/^(company|app|queue)_member\./.test(type)) {
    const line = membershipLine(type, details, names, entityId);
    if (line) return line;
  }
  const label = subjectLabel(details, entityId);
  const special = SPECIAL[type];
  if (special) return special(details, label);
  const [subject = '', verb = ''] = type.split('.');
  const noun = NOUNS[subject] ?? subject.replace(/_/g, ' ');
  const said = VERBS[verb] ?? `${verb.charAt(0).toUpperCase()}${verb.slice(1).replace(/_/g, ' ')}`;
  return `${said} ${noun}${label ? ` ${label}` : ''}`;
}
