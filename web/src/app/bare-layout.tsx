import { MessagesSquareIcon } from 'lucide-react';
import { Outlet } from 'react-router';

/** The layout of the public auth pages: the brand and one centred card, no navigation. */
export function BareLayout() {
  return (
    <div className="flex min-h-svh flex-col items-center justify-center gap-6 bg-muted/40 p-4 sm:p-6">
      <div className="flex items-center gap-2 font-semibold text-lg">
        <span className="flex size-9 items-center justify-center rounded-md bg-primary text-primary-foreground">
          <MessagesSquareIcon className="size-5" aria-hidden="true" />
        </span>
        Support Inbox
      </div>
      <main className="w-full max-w-sm">
        <Outlet />
      </main>
    </div>
  );
}
