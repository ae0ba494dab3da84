import type { QueueMember, QueueRole } from '@inbox/contract';
import { queueMembers } from '../../db/schema/index.ts';
import { type MembershipTable, membershipService } from '../access/memberships.ts';
import type { QueueRef } from './service.ts';

/** Any member of the queue's company may join; one without an app role then sees the app as an agent. */
const queueMembership: MembershipTable = {
  kind: 'queue',
  table: queueMembers,
  scopeColumn: queueMembers.queueId,
  scopeField: 'queueId',
};

export const queueMemberService = membershipService<QueueRole, QueueMember, QueueRef>(queueMembership);
