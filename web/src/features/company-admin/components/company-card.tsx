import type { Company } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '@/components/error-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { companyQuery } from '../api/company';

/**
 * A settings card of the current company: its title and description, a skeleton while the company loads,
 * the error with a retry, then `children` with the company. The body is keyed by the last update, so a
 * saved (or refetched) company resets its form to the server's values.
 */
export function CompanyCard({
  companyId,
  title,
  description,
  loadingLabel,
  children,
}: {
  companyId: number;
  title: string;
  description: (company: Company | undefined) => ReactNode;
  loadingLabel: string;
  children: (company: Company) => ReactNode;
}) {
  const company = useQuery(companyQuery(companyId));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description(company.data)}</CardDescription>
      </CardHeader>
      {company.isPending ? (
        <CardContent
          className="grid gap-4 sm:max-w-md"
          role="status"
          aria-busy="true"
          aria-label={loadingLabel}
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
        <div key={company.data.updated_at} className="contents">
          {children(company.data)}
        </div>
      )}
    </Card>
  );
}
