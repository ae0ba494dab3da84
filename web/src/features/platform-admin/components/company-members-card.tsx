import { COMPANY_ROLES, type Company } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { companyMembersQuery, useUserCompany } from '../api/memberships';
import { MembersCard } from './members-card';

export function CompanyMembersCard({ company }: { company: Company }) {
  const members = useQuery(companyMembersQuery(company.company_id));
  const link = useUserCompany();
  const company_id = company.company_id;
  return (
    <MembersCard
      members={members}
      description="People of this company and their company role."
      noun="company"
      roleName="Company role"
      roles={COMPANY_ROLES}
      defaultRole="agent"
      roleOf={(m) => m.company_role}
      empty="No members yet. Add an existing user above; create new users in the Users tab."
      adding={link.isPending && link.variables?.mode === 'add'}
      busy={link.isPending}
      onAdd={(user_id, company_role, callbacks) =>
        link.mutate({ mode: 'add', body: { user_id, company_id, company_role } }, callbacks)
      }
      onRoleChange={(user_id, company_role, callbacks) =>
        link.mutate({ mode: 'update', body: { user_id, company_id, company_role } }, callbacks)
      }
      onRemove={(user_id, callbacks) =>
        link.mutate({ mode: 'remove', body: { user_id, company_id } }, callbacks)
      }
    />
  );
}
