import { useQuery } from '@tanstack/react-query';
import { adminAppsQuery } from '../api/apps';
import { companiesQuery } from '../api/companies';

/**
 * Names for ids that lists carry (an app's company_id, a queue's app_id). One request of up to 100 rows,
 * shared through the query cache; beyond that the list shows the id.
 */
export function useCompanyNames() {
  const q = useQuery(companiesQuery({ limit: 100 }));
  const names = new Map((q.data?.data ?? []).map((c) => [c.company_id, c.company_name]));
  return (id: number) => names.get(id) ?? `Company #${id}`;
}

export function useAppNames(companyId?: number) {
  const q = useQuery(adminAppsQuery({ company_id: companyId, limit: 100 }));
  const names = new Map((q.data?.data ?? []).map((a) => [a.app_id, a.app_name]));
  return (id: number) => names.get(id) ?? `App #${id}`;
}
