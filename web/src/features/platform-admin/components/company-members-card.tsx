import { COMPANY_ROLES, type Company } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { companyMembersQuery, useUserCompany } from '../api/memberships';
import { MembersCard } from './members-card';

export function CompanyMembersCard({ company }: { company: Company }) {
  const members = useQuery(companyMembersQuery(company.company_id));
  const link = useUserCompany();
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
      link={link}
      scopeId={company.company_id}
    />
  );
}
