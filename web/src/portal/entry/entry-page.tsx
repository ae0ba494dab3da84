import { MessageCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { navigate } from '../navigation';
import { CenteredPage } from '../shared/centered-page';
import { portalStore } from '../storage';
import { EntryForm } from './entry-form';
import { InvalidLink } from './invalid-link';
import { entryRedirect } from './redirect';
import { useQueues } from './use-queues';

/** `/portal?app_id=&queue_id=&new=true`: the support link a customer opens. */
export default function EntryPage({ params }: { params: URLSearchParams }) {
  const appId = params.get('app_id') || null;
  const queueId = params.get('queue_id') || null;
  const fresh = params.get('new') === 'true';
  const [redirect] = useState(() =>
    entryRedirect({ appId, fresh }, { appId: portalStore.appId(), token: portalStore.token() }),
  );
  const { state, retry } = useQueues(redirect ? null : appId);
  const [invalidStart, setInvalidStart] = useState(false);

  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [redirect]);

  if (redirect) return null;
  if (!appId || state.status === 'invalid' || invalidStart) return <InvalidLink />;

  const data = state.status === 'ready' ? state.data : null;
  return (
    <CenteredPage>
      <Card className="gap-5">
        <CardHeader className="justify-items-center gap-2 text-center">
          <span className="mb-1 flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <MessageCircle className="size-6" aria-hidden />
          </span>
          <h1 className="font-semibold text-xl tracking-tight">Contact Support</h1>
          {state.status === 'loading' ? (
            <Skeleton className="h-4 w-40" />
          ) : data ? (
            <p className="text-muted-foreground text-sm">
              <span className="font-medium text-foreground">{data.company_name}</span>
              <span aria-hidden> · </span>
              {data.app_name}
            </p>
          ) : null}
        </CardHeader>
        <CardContent>
          {state.status === 'loading' ? (
            <FormSkeleton />
          ) : (
            <EntryForm
              appId={appId}
              queueId={queueId}
              queues={data?.queues ?? []}
              queuesFailed={state.status === 'error'}
              onRetryQueues={retry}
              onInvalidApp={() => setInvalidStart(true)}
            />
          )}
        </CardContent>
      </Card>
    </CenteredPage>
  );
}

function FormSkeleton() {
  return (
    <div className="grid gap-5" role="status" aria-busy="true" aria-label="Loading">
      {[0, 1, 2].map((i) => (
        <div key={i} className="grid gap-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-9 w-full" />
        </div>
      ))}
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-10 w-full" />
    </div>
  );
}
