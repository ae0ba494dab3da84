import type { QueueMember, QueueRole } from '@inbox/contract';
import { queueMembers } from '../../db/schema/index.ts';
import { type MembershipTable, membershipService } from '../access/memberships.ts';
import { handBackAssignments } from '../conversations/hand-back.ts';
import type { QueueRef } from './service.ts';

/** Any member of the queue's company may join; one without an app role then sees the app as an agent. */
const queueMembership: MembershipTable<QueueRole, QueueMember> = {
  table: queueMembers,
  scopeColumn: queueMembers.queueId,
  values: (queue, userId, role) => ({ queueId: queue.id, companyId: queue.companyId, userId, role }),
  toMember: (r) => ({ queue_id: r.scopeId, user_id: r.userId, name: r.name, email: r.email, role: r.role }),
  notFoundLabel: 'Queue member',
  alreadyMember: 'The user is already a member of this queue',
  entityType: 'queue',
  actionPrefix: 'queue_member',
  // Conversations they can no longer work go back to the team, each with a line in its thread.
  afterRemove: (tx, actor, scope, userId) =>
    handBackAssignments(tx, actor, { companyId: scope.companyId, userId, reason: 'removed from the queue' }),
};

export const {
  list: listQueueMembers,
  add: addQueueMember,
  update: updateQueueMember,
  remove: removeQueueMember,
} = membershipService<QueueRole, QueueMember, QueueRef>(queueMembership);
