import type { AppMember, AppRole } from '@inbox/contract';
import { appMembers } from '../../db/schema/index.ts';
import { type MembershipTable, membershipService } from '../access/memberships.ts';
import { handBackAssignments } from '../conversations/hand-back.ts';
import type { AppRef } from './service.ts';

/** App memberships are only for members of the app's company (checked on add). */
const appMembership: MembershipTable<AppRole, AppMember> = {
  table: appMembers,
  scopeColumn: appMembers.appId,
  values: (app, userId, role) => ({ appId: app.id, companyId: app.companyId, userId, role }),
  toMember: (r) => ({ app_id: r.scopeId, user_id: r.userId, name: r.name, email: r.email, role: r.role }),
  notFoundLabel: 'App member',
  alreadyMember: 'The user is already a member of this app',
  entityType: 'app',
  actionPrefix: 'app_member',
  // Conversations they can no longer work go back to the team, each with a line in its thread.
  afterRemove: (tx, actor, scope, userId) =>
    handBackAssignments(tx, actor, { companyId: scope.companyId, userId, reason: 'removed from the app' }),
};

export const {
  list: listAppMembers,
  add: addAppMember,
  update: updateAppMember,
  remove: removeAppMember,
} = membershipService<AppRole, AppMember, AppRef>(appMembership);
