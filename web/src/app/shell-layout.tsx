import { useQuery } from '@tanstack/react-query';
import { Outlet, useNavigation } from 'react-router';
import { useLiveInbox } from '@/features/live/use-live-inbox';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useReadOnOpen } from '@/features/notifications/read-on-open';
import { meQuery } from '@/features/shell/api';
import { AppSidebar } from '@/features/shell/components/app-sidebar';
import { ImpersonationBanner } from '@/features/shell/components/impersonation-banner';
import { SidebarInset, SidebarTrigger } from '@/features/shell/components/sidebar';
import { SidebarProvider } from '@/features/shell/components/sidebar-provider';
import { useSession } from '@/lib/session';
import { usePageTitle } from './page-title';
import { useCompanyFromLink } from './use-company-from-link';

/**
 * One live event stream for the current company, whatever page is open. A component of its own, so a
 * session change re-renders only it, not the shell around an open menu.
 */
function LiveInbox() {
  useLiveInbox(useSession().company?.company_id);
  return null;
}

/** The open conversation's notifications read (a component of its own, as `LiveInbox`). */
function ReadOnOpen() {
  useReadOnOpen();
  return null;
}

/** The signed-in console: sidebar, a slim top bar with the page title and the notification bell, and the page. */
export function ShellLayout() {
  // Refreshes user, companies and roles from the server once per start (and after invalidation).
  useQuery(meQuery());
  const navigation = useNavigation();
  const title = usePageTitle();
  // A notification's link may name another of one's companies: the page waits for the switch to it.
  const switching = useCompanyFromLink();

  return (
    <SidebarProvider>
      <LiveInbox />
      <ReadOnOpen />
      <AppSidebar />
      <SidebarInset>
        <ImpersonationBanner />
        <header className="sticky top-0 z-10 flex h-12 shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur md:px-4">
          <SidebarTrigger className="-ml-1" />
          <span className="h-4 w-px bg-border" aria-hidden="true" />
          <span className="truncate font-medium text-sm">{title}</span>
          <div className="ml-auto flex shrink-0 items-center">
            <NotificationBell />
          </div>
          {navigation.state === 'loading' && (
            <span
              role="progressbar"
              aria-label="Loading page"
              className="absolute inset-x-0 bottom-0 h-0.5 animate-pulse bg-primary"
            />
          )}
        </header>
        <main className="flex min-w-0 flex-1 flex-col">{!switching && <Outlet />}</main>
      </SidebarInset>
    </SidebarProvider>
  );
}
