import { zodResolver } from '@hookform/resolvers/zod';
import type { Company } from '@inbox/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { COMPANY_FIELDS, CompanyFieldset, CompanyForm } from '@/components/admin/company-fields';
import { SaveFooter, SwitchField } from '@/components/form-fields';
import { showServerError } from '@/components/server-errors';
import { StatusBadge } from '@/components/tone-badge';
import { CardContent } from '@/components/ui/card';
import { useUpdateCompany } from '../api/company';
import { CompanyCard } from './company-card';

const CompanySettingsForm = CompanyForm.extend({ auto_assign_on_reply: z.boolean() });

export function CompanySettings({ companyId, canEdit }: { companyId: number; canEdit: boolean }) {
  return (
    <CompanyCard
      companyId={companyId}
      title="Company settings"
      loadingLabel="Loading company"
      description={() =>
        canEdit
          ? 'The name your team sees, the time zone reports and business hours use, and how replies assign.'
          : 'Only company admins can change these settings.'
      }
    >
      {(company) => <CompanyFormBody company={company} canEdit={canEdit} />}
    </CompanyCard>
  );
}

function CompanyFormBody({ company, canEdit }: { company: Company; canEdit: boolean }) {
  const update = useUpdateCompany(company.company_id);
  const form = useForm({
    resolver: zodResolver(CompanySettingsForm),
    defaultValues: {
      company_name: company.company_name,
      timezone: company.timezone,
      auto_assign_on_reply: company.auto_assign_on_reply,
    },
  });
  const submit = form.handleSubmit((values) =>
    update.mutate(values, { onError: (err) => showServerError(err, form.setError, COMPANY_FIELDS) }),
  );
  return (
    <form onSubmit={submit} noValidate className="contents" aria-label="Company settings">
      <CardContent className="grid gap-4 sm:max-w-md">
        <CompanyFieldset form={form} disabled={!canEdit} />
        <SwitchField
          control={form.control}
          name="auto_assign_on_reply"
          label="Assign conversations to the agent who replies"
          disabled={!canEdit}
        />
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">Status</span>
          <StatusBadge status={company.status} />
          <span className="text-muted-foreground">
            · {company.apps_count} {company.apps_count === 1 ? 'app' : 'apps'} · {company.members_count}{' '}
            {company.members_count === 1 ? 'member' : 'members'}
          </span>
        </div>
      </CardContent>
      {canEdit && <SaveFooter form={form} pending={update.isPending} />}
    </form>
  );
}
