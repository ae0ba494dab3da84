import { BoxIcon, CheckIcon, ChevronsUpDownIcon } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  Command,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
} from '@/components/ui/command';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { selectApp, useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { roleLabel } from '../nav-items';
import { SidebarMenuButton, SidebarMenuItem } from './sidebar';
import { useSidebar } from './sidebar-provider';

/** Searchable list of the current company's apps; hidden unless the company has more than one app. */
export function AppSwitcher() {
  const { company, selectedAppId } = useSession();
  const { state, isMobile, setOpenMobile } = useSidebar();
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
    <SidebarMenuItem>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
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
        </PopoverTrigger>
        <PopoverContent
          className="w-(--radix-popover-trigger-width) min-w-64 p-0"
          side={state === 'collapsed' && !isMobile ? 'right' : 'bottom'}
          align="start"
        >
          <Command>
            <CommandInput placeholder="Search apps..." aria-label="Search apps" />
            <CommandList>
              <CommandEmpty>No apps found.</CommandEmpty>
              <CommandGroup heading="Apps">
                {apps.map((a) => (
                  <CommandItem
                    key={a.app_id}
                    value={`${a.app_name} ${a.app_id}`}
                    keywords={[a.app_name]}
                    onSelect={() => choose(a.app_id)}
                  >
                    <CheckIcon
                      className={cn('size-4', a.app_id === selectedAppId ? 'opacity-100' : 'opacity-0')}
                    />
                    <span className="flex-1 truncate">{a.app_name}</span>
                    <span className="text-muted-foreground text-xs">{roleLabel(a.role)}</span>
                  </CommandItem>
                ))}
              </CommandGroup>
            </CommandList>
          </Command>
        </PopoverContent>
      </Popover>
    </SidebarMenuItem>
  );
}
