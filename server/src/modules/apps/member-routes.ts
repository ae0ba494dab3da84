import {
  AddAppMemberBody,
  AppMember,
  AppMemberQuery,
  AppMembersQuery,
  UpdateAppMemberBody,
} from '@inbox/contract';
import { memberRoutes } from '../memberships/member-routes.ts';
import { appMemberService } from '../memberships/service.ts';
import { appInReach } from './service.ts';

/** /app/users: any member of a visible app reads the list; only app admins (and company admins) change it. */
export const appMemberRoutes = memberRoutes({
  path: '/app/users',
  scopeField: 'app_id',
  service: appMemberService,
  reach: async (ctx, id, to) => (await appInReach(ctx, id, to === 'read' ? 'agent' : 'admin')).app,
  schemas: {
    list: AppMembersQuery,
    add: AddAppMemberBody,
    one: AppMemberQuery,
    change: UpdateAppMemberBody,
    member: AppMember,
  },
  says: {
    list: "An app's members with their app role",
    add: 'Add a company member to an app (app admin)',
    change: "Change a member's app role (app admin)",
    remove: 'Remove a member from an app (app admin)',
    removed: 'App member removed',
  },
});
