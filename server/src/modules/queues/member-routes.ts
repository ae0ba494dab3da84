import {
  AddQueueMemberBody,
  QueueMember,
  QueueMemberQuery,
  QueueMembersQuery,
  UpdateQueueMemberBody,
} from '@inbox/contract';
import { memberRoutes } from '../memberships/member-routes.ts';
import { queueMemberService } from '../memberships/service.ts';
import { queueInReach } from './reach.ts';

/** /queue/users: whoever sees the queue reads its members; app admins and managers change them. */
export const queueMemberRoutes = memberRoutes({
  path: '/queue/users',
  scopeField: 'queue_id',
  service: queueMemberService,
  reach: async (ctx, id, to) => (await queueInReach(ctx, id, to === 'read' ? 'see' : 'manage')).queue,
  schemas: {
    list: QueueMembersQuery,
    add: AddQueueMemberBody,
    one: QueueMemberQuery,
    change: UpdateQueueMemberBody,
    member: QueueMember,
  },
  says: {
    list: "A queue's members with their queue role",
    add: 'Add a company member to a queue (app admin or manager)',
    change: "Change a member's queue role (app admin or manager)",
    remove: 'Remove a member from a queue (app admin or manager)',
    removed: 'Queue member removed',
  },
});
