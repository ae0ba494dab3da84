import { zodResolver } from '@hookform/resolvers/zod';
import type { Company } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ErrorState } from '@/components/error-state';
import { showServerError } from '@/components/server-errors';
import { TimezoneSelect } from '@/components/timezone-select';
import { ToneBadge } from '@/components/tone-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { companyQuery, useUpdateCompany } from '../api/company';

const CompanyForm = z.object({
  company_name: z.string().trim().min(1, 'Company name is required').max(200),
  timezone: z.string().min(1, 'Timezone is required'),
  auto_assign_on_reply: z.boolean(),
});

export function CompanySettings({ companyId, canEdit }: { companyId: number; canEdit: boolean }) {
  const company = useQuery(companyQuery(companyId));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Company settings</CardTitle>
        <CardDescription>
          {canEdit
            ? 'The name your team sees, the time zone reports and business hours use, and how replies assign.'
            : 'Only company admins can change these settings.'}
        </CardDescription>
      </CardHeader>
      {company.isPending ? (
        <CardContent
          className="grid gap-4 sm:max-w-md"
          role="status"
          aria-busy="true"
          aria-label="Loading company"
        >
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
          <Skeleton className="h-12" />
        </CardContent>
      ) : company.isError ? (
        <CardContent>
          <ErrorState error={company.error} onRetry={() => company.refetch()} />
        </CardContent>
      ) : (
        // Keyed by the last update so a saved (or refetched) company resets the form to the server's values.
        <CompanyFormBody key={company.data.updated_at} company={company.data} canEdit={canEdit} />
      )}
    </Card>
  );
}

function CompanyFormBody({ company, canEdit }: { company: Company; canEdit: boolean }) {
  const update = useUpdateCompany(company.company_id);
  const form = useForm({
    resolver: zodResolver(CompanyForm),
    defaultValues: {
      company_name: company.company_name,
      timezone: company.timezone,
      auto_assign_on_reply: company.auto_assign_on_reply,
    },
  });
  const { errors, isDirty } = form.formState;
  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
      onError: (err) => showServerError(err, form.setError, ['company_name', 'timezone']),
    }),
  );
  return (
    <form onSubmit={submit} noValidate className="contents">
      <CardContent className="grid gap-4 sm:max-w-md">
        <div className="grid gap-2">
          <Label htmlFor="company_name">Company name</Label>
          <Input
            id="company_name"
            disabled={!canEdit}
            aria-invalid={!!errors.company_name}
            {...form.register('company_name')}
          />
          <FieldError message={errors.company_name?.message} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="company_timezone">Timezone</Label>
          <TimezoneSelect
            id="company_timezone"
            disabled={!canEdit}
            aria-invalid={!!errors.timezone}
            {...form.register('timezone')}
          />
          <FieldError message={errors.timezone?.message} />
        </div>
        <Controller
          control={form.control}
          name="auto_assign_on_reply"
          render={({ field }) => (
            <div className="flex items-center justify-between gap-4 rounded-lg border p-3">
              <Label htmlFor="company_auto_assign">Assign conversations to the agent who replies</Label>
              <Switch
                id="company_auto_assign"
                checked={field.value}
                onCheckedChange={field.onChange}
                disabled={!canEdit}
              />
            </div>
          )}
        />
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">Status</span>
          <ToneBadge tone={company.status === 'active' ? 'success' : 'danger'}>
            {company.status === 'active' ? 'Active' : 'Suspended'}
          </ToneBadge>
          <span className="text-muted-foreground">
            · {company.apps_count} {company.apps_count === 1 ? 'app' : 'apps'} · {company.members_count}{' '}
            {company.members_count === 1 ? 'member' : 'members'}
          </span>
        </div>
      </CardContent>
      {canEdit && (
        <CardFooter className="gap-2">
          <Button type="submit" disabled={update.isPending || !isDirty}>
            {update.isPending ? 'Saving...' : 'Save changes'}
          </Button>
          {isDirty && (
            <Button type="button" variant="ghost" onClick={() => form.reset()} disabled={update.isPending}>
              Discard
            </Button>
          )}
        </CardFooter>
      )}
    </form>
  );
}
