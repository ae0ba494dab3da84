import {
  CompanyUser,
  CreateCompanyUserBody,
  Done,
  IdQuery,
  ListUsersQuery,
  UpdateCompanyUserBody,
} from '@inbox/contract';
import { invalidField } from '../../http/app-error.ts';
import { done, list, ok } from '../../http/envelope.ts';
import { companyPlugin, listSpec, spec } from '../../http/route-spec.ts';
import { requireCompanyAdmin } from '../access/app-roles.ts';
import { actorName } from '../access/context.ts';
import { sendInvitation } from '../auth/invitation.ts';
import { getCompany } from '../companies/service.ts';
import { removeCompanyMember, setCompanyRole } from './membership-service.ts';
import { createCompanyUser, getCompanyUser, listCompanyUsers } from './service.ts';

/** The company's members: everyone may list them (to assign and transfer); company admins manage them. */
export const userRoutes = companyPlugin('users', async (app) => {
  app.get(
    '/users',
    listSpec(
      "The current company's members, searchable by name or email",
      { querystring: ListUsersQuery },
      CompanyUser,
    ),
    async (request) => {
      const ctx = request.companyCtx!;
      const page = await listCompanyUsers(ctx, request.query);
      return list(page.rows, page.meta);
    },
  );

  app.post(
    '/users',
    spec(
      'Add a user to the company (company admin)',
      {
        description:
          'An existing account with that email joins the company (409 if it already belongs); otherwise a ' +
          'new account is created and mailed an invitation with a link to set its password (valid 7 days). ' +
          'Without `password` the account cannot sign in until that password is set.',
        body: CreateCompanyUserBody,
      },
      CompanyUser,
      201,
    ),
    async (request) => {
      const ctx = request.companyCtx!;
      requireCompanyAdmin(ctx);
      const { user, created } = await createCompanyUser(ctx, ctx.actor, request.body);
      if (created) {
        const company = await getCompany(ctx);
        await sendInvitation({
          ...ctx,
          log: request.log,
          user: { id: user.user_id, name: user.name, email: user.email },
          invitedBy: actorName(ctx.actor),
          where: `${company.company_name} on Support Inbox`,
        });
      }
      return ok(user);
    },
  );

  app.put(
    '/users',
    spec(
      "Change a member's company role (company admin)",
      { querystring: IdQuery, body: UpdateCompanyUserBody },
      CompanyUser,
    ),
    async (request) => {
      const ctx = request.companyCtx!;
      const userId = request.query.id;
      await getCompanyUser(ctx, userId);
      requireCompanyAdmin(ctx);
      const input = { userId, role: request.body.company_role, keepAnAdmin: true };
      await setCompanyRole(ctx, ctx.actor, input);
      return ok(await getCompanyUser(ctx, userId));
    },
  );

  app.delete(
    '/users',
    spec(
      'Remove a member from the company, its apps and its queues (company admin)',
      { querystring: IdQuery },
      Done,
    ),
    async (request) => {
      const ctx = request.companyCtx!;
      const userId = request.query.id;
      await getCompanyUser(ctx, userId);
      requireCompanyAdmin(ctx);
      if (userId === ctx.actor.user.id)
        throw invalidField('id', 'You cannot remove yourself from the company');
      await removeCompanyMember(ctx, ctx.actor, { userId, keepAnAdmin: true });
      return done('User removed from the company');
    },
  );
});
