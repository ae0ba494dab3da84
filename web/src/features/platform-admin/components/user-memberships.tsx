import { type AdminUserDetail, APP_ROLES, COMPANY_ROLES, QUEUE_ROLES } from '@inbox/contract';
import { Link } from 'react-router';
import { toastError } from '@/components/server-errors';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useUserApp, useUserCompany, useUserQueue } from '../api/memberships';
import { LinkAdder } from './link-adder';
import { LinkList } from './link-list';
import { useAppNames } from './lookups';
import { AppPicker, CompanyPicker } from './pickers';
import { QueueAdder } from './queue-adder';

export function UserCompaniesCard({ user }: { user: AdminUserDetail }) {
  const link = useUserCompany();
  const user_id = user.user_id;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Companies</CardTitle>
        <CardDescription>Where {user.name} works, with the company role.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <LinkAdder
          roles={COMPANY_ROLES}
          defaultRole="agent"
          roleLabel="Company role"
          pending={link.isPending && link.variables?.mode === 'add'}
          picker={(choice, setChoice) => (
            <CompanyPicker
              value={choice.id}
              selectedLabel={choice.name}
              exclude={user.companies.map((c) => c.company_id)}
              onChange={(id, name) => setChoice({ id, name })}
            />
          )}
          onAdd={(company_id, company_role, done) =>
            link.mutate(
              { mode: 'add', body: { user_id, company_id, company_role } },
              { onSuccess: done, onError: (e) => toastError(e) },
            )
          }
        />
        <LinkList
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
          roleLabel={(name) => `Role in ${name}`}
          removeLabel={(name) => `Remove from ${name}`}
          empty="Not a member of any company."
          busy={link.isPending}
          onRoleChange={(company_id, company_role) =>
            link.mutate(
              { mode: 'update', body: { user_id, company_id, company_role } },
              { onError: (e) => toastError(e) },
            )
          }
          onRemove={(company_id) =>
            link.mutate({ mode: 'remove', body: { user_id, company_id } }, { onError: (e) => toastError(e) })
          }
        />
      </CardContent>
    </Card>
  );
}

export function UserAppsCard({ user }: { user: AdminUserDetail }) {
  const link = useUserApp();
  const user_id = user.user_id;
  const companyName = new Map(user.companies.map((c) => [c.company_id, c.company_name]));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Apps</CardTitle>
        <CardDescription>Apps of the user's companies, with the app role.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <LinkAdder
          roles={APP_ROLES}
          defaultRole="agent"
          roleLabel="App role"
          pending={link.isPending && link.variables?.mode === 'add'}
          picker={(choice, setChoice) => (
            <AppPicker
              value={choice.id}
              selectedLabel={choice.name}
              exclude={user.apps.map((a) => a.app_id)}
              hintOf={(id) => companyName.get(id)}
              onChange={(id, name) => setChoice({ id, name })}
            />
          )}
          onAdd={(app_id, app_role, done) =>
            link.mutate(
              { mode: 'add', body: { user_id, app_id, app_role } },
              { onSuccess: done, onError: (e) => toastError(e) },
            )
          }
        />
        <LinkList
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
          roleLabel={(name) => `Role in ${name}`}
          removeLabel={(name) => `Remove from ${name}`}
          empty="Not a member of any app."
          busy={link.isPending}
          onRoleChange={(app_id, app_role) =>
            link.mutate(
              { mode: 'update', body: { user_id, app_id, app_role } },
              { onError: (e) => toastError(e) },
            )
          }
          onRemove={(app_id) =>
            link.mutate({ mode: 'remove', body: { user_id, app_id } }, { onError: (e) => toastError(e) })
          }
        />
      </CardContent>
    </Card>
  );
}

export function UserQueuesCard({ user }: { user: AdminUserDetail }) {
  const link = useUserQueue();
  const user_id = user.user_id;
  const appName = useAppNames();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Queues</CardTitle>
        <CardDescription>The teams whose conversations the user answers.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <QueueAdder
          exclude={user.queues.map((q) => q.queue_id)}
          pending={link.isPending && link.variables?.mode === 'add'}
          onAdd={(queue_id, queue_role, done) =>
            link.mutate(
              { mode: 'add', body: { user_id, queue_id, queue_role } },
              { onSuccess: done, onError: (e) => toastError(e) },
            )
          }
        />
        <LinkList
          rows={user.queues.map((q) => ({
            key: q.queue_id,
            name: q.queue_name,
            title: q.queue_name,
            subtitle: appName(q.app_id),
            role: q.role,
          }))}
          roles={QUEUE_ROLES}
          roleLabel={(name) => `Role in ${name}`}
          removeLabel={(name) => `Remove from ${name}`}
          empty="Not a member of any queue."
          busy={link.isPending}
          onRoleChange={(queue_id, queue_role) =>
            link.mutate(
              { mode: 'update', body: { user_id, queue_id, queue_role } },
              { onError: (e) => toastError(e) },
            )
          }
          onRemove={(queue_id) =>
            link.mutate({ mode: 'remove', body: { user_id, queue_id } }, { onError: (e) => toastError(e) })
          }
        />
      </CardContent>
    </Card>
  );
}
