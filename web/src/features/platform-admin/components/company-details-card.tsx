import { zodResolver } from '@hookform/resolvers/zod';
import type { Company } from '@inbox/contract';
import { useForm } from 'react-hook-form';
import { COMPANY_FIELDS, CompanyFieldset, CompanyForm } from '@/components/admin/company-fields';
import { SaveFooter } from '@/components/form-fields';
import { showServerError } from '@/components/server-errors';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useUpdateCompany } from '../api/companies';

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
  const submit = form.handleSubmit((values) =>
    update.mutate(values, { onError: (err) => showServerError(err, form.setError, COMPANY_FIELDS) }),
  );
  return (
    <form onSubmit={submit} noValidate className="contents">
      <CardContent className="grid min-w-0 grid-cols-1 gap-4">
        <CompanyFieldset form={form} />
      </CardContent>
      <SaveFooter form={form} pending={update.isPending} />
    </form>
  );
}
