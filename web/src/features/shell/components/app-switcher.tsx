import { BoxIcon, ChevronsUpDownIcon } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { selectApp, useSession } from '@/lib/session';
import { roleLabel } from '../nav-items';
import { SidebarMenuButton } from './sidebar';
import { useSidebar } from './sidebar-provider';
import { SwitcherMenu } from './switcher-menu';

/** Searchable list of the current company's apps; hidden unless the company has more than one app. */
export function AppSwitcher() {
  const { company, selectedAppId } = useSession();
  const { setOpenMobile } = useSidebar();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const apps = company?.apps ?? [];
  if (apps.length <= 1) return null;
  const selected = apps.find((a) => a.app_id === selectedAppId);

  const choose = (appId: number) => {
    setOpen(false);
    setOpenMobile(false);
    selectApp(appId);
    // An app's admin page belongs to the app that was selected before: go back to the Admin overview.
    if (pathname.startsWith('/admin/apps/')) navigate('/admin');
  };

  return (
    <SwitcherMenu
      open={open}
      onOpenChange={setOpen}
      plural="apps"
      trigger={
        <SidebarMenuButton
          tooltip={selected?.app_name ?? 'Switch app'}
          aria-label={`App: ${selected?.app_name ?? 'none'}. Switch app`}
          data-testid="app-switcher"
          className="border border-sidebar-border bg-background/60 group-data-[collapsible=icon]:border-transparent"
        >
          <BoxIcon />
          <span className="flex-1 truncate">{selected?.app_name ?? 'Choose an app'}</span>
          <ChevronsUpDownIcon className="ml-auto size-4 text-muted-foreground" />
        </SidebarMenuButton>
      }
      choices={apps.map((a) => ({
        id: a.app_id,
        name: a.app_name,
        selected: a.app_id === selectedAppId,
        content: (
          <>
            <span className="flex-1 truncate">{a.app_name}</span>
            <span className="text-muted-foreground text-xs">{roleLabel(a.role)}</span>
          </>
        ),
      }))}
      onChoose={choose}
    />
  );
}
