import { type AdminUserDetail, APP_ROLES, COMPANY_ROLES, QUEUE_ROLES } from '@inbox/contract';
import { Link } from 'react-router';
import { TitledCard } from '@/components/ui/card';
import { type MembershipLink, useMembershipLink } from '../api/memberships';
import { LinkAdder } from './link-adder';
import { LinkList, type LinkRow } from './link-list';
import { useAppNames } from './lookups';
import { AppPicker, CompanyPicker } from './pickers';
import { QueueAdder } from './queue-adder';

/** The user's companies, apps or queues with the role in each: change it in place, or remove the link. */
function UserLinkList<R extends string>(props: {
  rows: LinkRow<R>[];
  roles: readonly R[];
  empty: string;
  link: MembershipLink<R>;
  userId: number;
}) {
  const { link, userId, ...list } = props;
  return (
    <LinkList
      {...list}
      roleLabel={(name) => `Role in ${name}`}
      removeLabel={(name) => `Remove from ${name}`}
      busy={link.busy}
      onRoleChange={(id, role) => link.change('update', userId, id, role)}
      onRemove={(id) => link.change('remove', userId, id)}
    />
  );
}

export function UserCompaniesCard({ user }: { user: AdminUserDetail }) {
  const link = useMembershipLink('company');
  return (
    <TitledCard
      title="Companies"
      description={<>Where {user.name} works, with the company role.</>}
      contentClassName="space-y-4"
    >
      <LinkAdder
        roles={COMPANY_ROLES}
        defaultRole="agent"
        roleLabel="Company role"
        pending={link.adding}
        picker={(choice, setChoice) => (
          <CompanyPicker
            value={choice.id}
            selectedLabel={choice.name}
            exclude={user.companies.map((c) => c.company_id)}
            onChange={(id, name) => setChoice({ id, name })}
          />
        )}
        onAdd={(id, role, done) => link.change('add', user.user_id, id, role, done)}
      />
      <UserLinkList
        rows={user.companies.map((c) => ({
          key: c.company_id,
          name: c.company_name,
          title: (
            <Link to={`/platform-admin/company/${c.company_id}`} className="hover:underline">
              {c.company_name}
            </Link>
          ),
          role: c.role,
        }))}
        roles={COMPANY_ROLES}
        empty="Not a member of any company."
        link={link}
        userId={user.user_id}
      />
    </TitledCard>
  );
}

export function UserAppsCard({ user }: { user: AdminUserDetail }) {
  const link = useMembershipLink('app');
  const companyName = new Map(user.companies.map((c) => [c.company_id, c.company_name]));
  return (
    <TitledCard
      title="Apps"
      description="Apps of the user's companies, with the app role."
      contentClassName="space-y-4"
    >
      <LinkAdder
        roles={APP_ROLES}
        defaultRole="agent"
        roleLabel="App role"
        pending={link.adding}
        picker={(choice, setChoice) => (
          <AppPicker
            value={choice.id}
            selectedLabel={choice.name}
            exclude={user.apps.map((a) => a.app_id)}
            hintOf={(id) => companyName.get(id)}
            onChange={(id, name) => setChoice({ id, name })}
          />
        )}
        onAdd={(id, role, done) => link.change('add', user.user_id, id, role, done)}
      />
      <UserLinkList
        rows={user.apps.map((a) => ({
          key: a.app_id,
          name: a.app_name,
          title: (
            <Link to={`/platform-admin/app/${a.app_id}`} className="hover:underline">
              {a.app_name}
            </Link>
          ),
          subtitle: companyName.get(a.company_id),
          role: a.role,
        }))}
        roles={APP_ROLES}
        empty="Not a member of any app."
        link={link}
        userId={user.user_id}
      />
    </TitledCard>
  );
}

export function UserQueuesCard({ user }: { user: AdminUserDetail }) {
  const link = useMembershipLink('queue');
  const appName = useAppNames();
  return (
    <TitledCard
      title="Queues"
      description="The teams whose conversations the user answers."
      contentClassName="space-y-4"
    >
      <QueueAdder
        exclude={user.queues.map((q) => q.queue_id)}
        pending={link.adding}
        onAdd={(id, role, done) => link.change('add', user.user_id, id, role, done)}
      />
      <UserLinkList
        rows={user.queues.map((q) => ({
          key: q.queue_id,
          name: q.queue_name,
          title: q.queue_name,
          subtitle: appName(q.app_id),
          role: q.role,
        }))}
        roles={QUEUE_ROLES}
        empty="Not a member of any queue."
        link={link}
        userId={user.user_id}
      />
    </TitledCard>
  );
}
