import { TriangleAlertIcon } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';

/**
 * A page that failed to load or render. The usual cause is a new release replacing the page's chunk, which a
 * reload fixes, so that is the offered way out.
 */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <section
      role="alert"
      className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-3 p-6 py-16 text-center"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10">
        <TriangleAlertIcon className="size-6 text-destructive" aria-hidden="true" />
      </span>
      <h1 className="font-semibold text-xl">Something went wrong</h1>
      <p className="text-muted-foreground text-sm">This page could not be shown. Reloading usually helps.</p>
      {detail && <p className="break-all font-mono text-muted-foreground text-xs">{detail}</p>}
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </section>
  );
}

/** Shown while the first page's code loads. */
export function AppLoading() {
  return (
    <div className="flex min-h-svh items-center justify-center" role="status" aria-label="Loading">
      <span className="size-6 animate-spin rounded-full border-2 border-muted-foreground/30 border-t-primary" />
    </div>
  );
}
