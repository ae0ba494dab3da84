import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/session';
import { NotPlatformAdmin, PlatformFrame, PlatformNotFound, type RecordKind } from './platform-frame';

/**
 * A platform-admin record page (`/platform-admin/{kind}/{id}`): only platform admins, and only a positive
 * whole id in the route's `param`; `view` renders the record of that id (the caller's own user id beside
 * it, for what a user may not do to itself).
 */
export function PlatformRecordPage(props: {
  what: RecordKind;
  param: string;
  view: (id: number, selfId: number) => ReactNode;
}) {
  const { user } = useSession();
  const id = Number(useParams()[props.param]);
  if (!user?.is_platform_admin) return <NotPlatformAdmin />;
  if (!Number.isInteger(id) || id <= 0) return <PlatformNotFound what={props.what} />;
  return props.view(id, user.user_id);
}

/**
 * The record's query on screen: a skeleton while it loads, "not found" for a 404, the error with a retry,
 * and otherwise what `children` makes of the record, in the platform-admin frame.
 */
export function RecordView<T>(props: {
  what: RecordKind;
  query: UseQueryResult<T>;
  children: (record: T) => ReactNode;
}) {
  const { what, query } = props;
  if (query.isPending) return <RecordLoading label={`Loading ${what.toLowerCase()}`} />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404)
      return <PlatformNotFound what={what} />;
    return (
      <PlatformFrame>
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      </PlatformFrame>
    );
  }
  return <PlatformFrame>{props.children(query.data)}</PlatformFrame>;
}

/** The page's shape while its record loads: the header, then two cards. */
function RecordLoading({ label }: { label: string }) {
  return (
    <PlatformFrame>
      <div className="space-y-3" role="status" aria-busy="true" aria-label={label}>
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-8 w-64" />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-64 rounded-xl" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    </PlatformFrame>
  );
}
