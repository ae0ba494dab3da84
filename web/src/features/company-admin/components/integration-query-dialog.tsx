import type { Integration } from '@inbox/contract';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryDialog } from '@/components/query-dialog';

/**
 * A read-only dialog about one integration (its webhook info, its deliveries): open while `integration` is
 * set, its query waiting until then; the title names the integration.
 */
/** What a dialog about one integration of an app is given: the app, the integration (null: closed), a close. */
export interface IntegrationDialogProps {
  companyId: number;
  appId: number;
  integration: Integration | null;
  onClose: () => void;
}

export function IntegrationQueryDialog<T, K extends QueryKey>({
  integration,
  onClose,
  options,
  title,
  ...rest
}: {
  integration: Integration | null;
  onClose: () => void;
  options: (integrationId: number) => UseQueryOptions<T, Error, T, K>;
  title: string;
  description: string;
  className?: string;
  children: (data: T) => ReactNode;
}) {
  const query = useQuery({ ...options(integration?.integration_id ?? 0), enabled: integration !== null });
  return (
    <QueryDialog
      open={integration !== null}
      onClose={onClose}
      title={`${title}: ${integration?.name ?? ''}`}
      query={query}
      {...rest}
    />
  );
}
