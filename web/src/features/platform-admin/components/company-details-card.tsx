import { zodResolver } from '@hookform/resolvers/zod';
import type { Company } from '@inbox/contract';
import { useForm } from 'react-hook-form';
import { showServerError } from '@/components/server-errors';
import { TimezoneSelect } from '@/components/timezone-select';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { useUpdateCompany } from '../api/companies';
import { CompanyForm } from './create-company-dialog';

export function CompanyDetailsCard({ company }: { company: Company }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Details</CardTitle>
      </CardHeader>
      <DetailsForm key={company.updated_at} company={company} />
    </Card>
  );
}

function DetailsForm({ company }: { company: Company }) {
  const update = useUpdateCompany(company.company_id);
  const form = useForm({
    resolver: zodResolver(CompanyForm),
    defaultValues: { company_name: company.company_name, timezone: company.timezone },
  });
  const { errors, isDirty } = form.formState;
  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
      onError: (err) => showServerError(err, form.setError, ['company_name', 'timezone']),
    }),
  );
  return (
    <form onSubmit={submit} noValidate className="contents">
      <CardContent className="grid min-w-0 grid-cols-1 gap-4">
        <div className="grid gap-2">
          <Label htmlFor="pa_company_name">Company name</Label>
          <Input
            id="pa_company_name"
            aria-invalid={!!errors.company_name}
            {...form.register('company_name')}
          />
          <FieldError message={errors.company_name?.message} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="pa_company_timezone">Timezone</Label>
          <TimezoneSelect
            id="pa_company_timezone"
            aria-invalid={!!errors.timezone}
            {...form.register('timezone')}
          />
          <FieldError message={errors.timezone?.message} />
        </div>
      </CardContent>
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
    </form>
  );
}
