import type { CompanySummary } from '@inbox/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronsUpDownIcon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { switchCompany, useSession } from '@/lib/session';
import { roleLabel } from '../nav-items';
import { SidebarMenuButton } from './sidebar';
import { useSidebar } from './sidebar-provider';
import { SwitcherMenu } from './switcher-menu';

const appCount = (c: CompanySummary) => `${c.apps_count} ${c.apps_count === 1 ? 'app' : 'apps'}`;

/** Searchable company list (product spec section 2); hidden unless there is more than one company. */
export function CompanySwitcher() {
  const { companies, company } = useSession();
  const { setOpenMobile } = useSidebar();
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  if (companies.length <= 1) return null;

  const choose = (next: CompanySummary) => {
    setOpen(false);
    setOpenMobile(false);
    if (next.company_id === company?.company_id) return;
    switchCompany(next);
    // Forget the previous company's figures rather than refetch them in place: until the new company's
    // answer arrives a page shows its loading state, never the other company's numbers.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
    void queryClient.invalidateQueries({ queryKey: ['auth'] });
    navigate('/dashboard');
  };

  return (
    <SwitcherMenu
      open={open}
      onOpenChange={setOpen}
      plural="companies"
      trigger={
        <SidebarMenuButton
          size="lg"
          tooltip={company?.company_name ?? 'Switch company'}
          aria-label={`Company: ${company?.company_name ?? 'none'}. Switch company`}
          data-testid="company-switcher"
        >
          <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary font-semibold text-primary-foreground text-sm">
            {company?.company_name.charAt(0).toUpperCase() ?? '?'}
          </span>
          <span className="grid flex-1 text-left leading-tight">
            <span className="truncate font-medium">{company?.company_name ?? 'Choose a company'}</span>
            <span className="truncate text-muted-foreground text-xs">
              {company ? `${roleLabel(company.role)} · ${appCount(company)}` : 'Company'}
            </span>
          </span>
          <ChevronsUpDownIcon className="ml-auto size-4 text-muted-foreground" />
        </SidebarMenuButton>
      }
      choices={companies.map((c) => ({
        id: c.company_id,
        name: c.company_name,
        selected: c.company_id === company?.company_id,
        content: (
          <span className="grid min-w-0 flex-1 leading-tight">
            <span className="truncate">{c.company_name}</span>
            <span className="truncate text-muted-foreground text-xs">
              {roleLabel(c.role)} · {appCount(c)}
            </span>
          </span>
        ),
      }))}
      onChoose={(id) => choose(companies.find((c) => c.company_id === id)!)}
    />
  );
}
