import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { switchCompany, useSession } from '@/lib/session';

/**
 * A link from a notification's mail or push names its company (`/conversations/12?company_id=3`): someone who
 * works in several companies lands in that one. The console switches to it (one of theirs; any other is
 * ignored and the page answers as it would) and drops the parameter. Answers true while the switch is still
 * to happen, so the page is not asked for in the other company first.
 */
export function useCompanyFromLink(): boolean {
  const [params, setParams] = useSearchParams();
  const { companies, company } = useSession();
  const client = useQueryClient();
  const wanted = Number(params.get('company_id')) || null;
  const target = wanted === null ? undefined : companies.find((c) => c.company_id === wanted);
  const switching = !!target && target.company_id !== company?.company_id;
  useEffect(() => {
    if (wanted === null) return;
    if (target && target.company_id !== company?.company_id) {
      switchCompany(target);
      // As the company switcher does: nothing of the other company is shown while the new answers come.
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
      void client.invalidateQueries({ queryKey: ['auth'] });
    }
    setParams(
      (p) => {
        p.delete('company_id');
        return p;
      },
      { replace: true },
    );
  }, [wanted, target, company?.company_id, client, setParams]);
  return switching;
}
