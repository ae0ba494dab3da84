import { LogOutIcon, MessagesSquareIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { InitialsAvatar } from '@/components/ui/avatar';
import { useSession } from '@/lib/session';
import { useSignOut } from '../api';
import { isActivePath, NAV_ITEMS } from '../nav-items';
import { AppSwitcher } from './app-switcher';
import { CompanySwitcher } from './company-switcher';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarSeparator,
} from './sidebar';
import { useSidebar } from './sidebar-provider';

/** The console's navigation: brand, company and app switchers, pages, and the account entries. */
export function AppSidebar() {
  const session = useSession();
  const { pathname } = useLocation();
  const { setOpenMobile } = useSidebar();
  const signOut = useSignOut();
  const close = () => setOpenMobile(false);
  const { user } = session;

  return (
    <Sidebar>
      <SidebarHeader>
        <div className="flex h-10 items-center gap-2 px-1 group-data-[collapsible=icon]:px-0">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground">
            <MessagesSquareIcon className="size-4" />
          </span>
          <span className="grid min-w-0 leading-tight group-data-[collapsible=icon]:hidden">
            <span className="truncate font-semibold text-sm">Support Inbox</span>
            {session.companies.length <= 1 && session.company && (
              <span className="truncate text-muted-foreground text-xs">{session.company.company_name}</span>
            )}
          </span>
        </div>
        <SidebarMenu>
          <CompanySwitcher />
          <AppSwitcher />
        </SidebarMenu>
      </SidebarHeader>
      <SidebarSeparator />
      <SidebarContent>
        <nav aria-label="Main">
          <SidebarGroupLabel>Workspace</SidebarGroupLabel>
          <SidebarMenu>
            {NAV_ITEMS.filter((item) => !item.visible || item.visible(session)).map((item) => {
              const active = isActivePath(pathname, item.to);
              return (
                <SidebarMenuItem key={item.to}>
                  <SidebarMenuButton asChild isActive={active} tooltip={item.title}>
                    <Link to={item.to} onClick={close} aria-current={active ? 'page' : undefined}>
                      <item.icon />
                      <span>{item.title}</span>
                    </Link>
                  </SidebarMenuButton>
                </SidebarMenuItem>
              );
            })}
          </SidebarMenu>
        </nav>
      </SidebarContent>
      <SidebarSeparator />
      <SidebarFooter>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton
              asChild
              size="lg"
              isActive={isActivePath(pathname, '/profile')}
              tooltip={user ? `Profile: ${user.name}` : 'Profile'}
            >
              {/* The name says "Profile" and then what is shown, so it contains the visible text (axe). */}
              <Link to="/profile" onClick={close}>
                <InitialsAvatar initials={user?.initials ?? ''} />
                <span className="sr-only">Profile: </span>
                <span className="grid min-w-0 flex-1 leading-tight">
                  <span className="truncate font-medium">{user?.name}</span>
                  <span className="truncate text-muted-foreground text-xs">{user?.email}</span>
                </span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
          <SidebarMenuItem>
            <SidebarMenuButton tooltip="Sign Out" onClick={() => void signOut()}>
              <LogOutIcon />
              <span>Sign Out</span>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarFooter>
    </Sidebar>
  );
}
