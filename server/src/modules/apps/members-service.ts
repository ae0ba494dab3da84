import type { AppMember, AppRole } from '@inbox/contract';
import { appMembers } from '../../db/schema/index.ts';
import { type MembershipTable, membershipService } from '../access/memberships.ts';
import type { AppRef } from './service.ts';

/** App memberships are only for members of the app's company (checked on add). */
const appMembership: MembershipTable = {
  kind: 'app',
  table: appMembers,
  scopeColumn: appMembers.appId,
  scopeField: 'appId',
};

export const appMemberService = membershipService<AppRole, AppMember, AppRef>(appMembership);
