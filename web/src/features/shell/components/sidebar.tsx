import { cva, type VariantProps } from 'class-variance-authority';
import { MenuIcon, PanelLeftIcon } from 'lucide-react';
import { Slot } from 'radix-ui';
import type * as React from 'react';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';
import { SIDEBAR_WIDTHS, useSidebar } from './sidebar-provider';

/** The sidebar panel: fixed at the left on desktop (expanded or icon-only), a slide-over Sheet on phones. */
export function Sidebar({ children }: { children: React.ReactNode }) {
  const { isMobile, state, openMobile, setOpenMobile } = useSidebar();
  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent
          data-slot="sidebar"
          data-mobile="true"
          aria-describedby={undefined}
          // The drawer is portalled out of the provider's element, so it needs the width variables itself.
          style={SIDEBAR_WIDTHS}
          className="w-(--sidebar-width-mobile) max-w-[85vw] text-sidebar-foreground"
        >
          <SheetTitle className="sr-only">Navigation</SheetTitle>
          <SheetDescription className="sr-only">Pages and account</SheetDescription>
          <div className="flex h-full w-full flex-col">{children}</div>
        </SheetContent>
      </Sheet>
    );
  }
  return (
    <div
      className="group peer hidden text-sidebar-foreground md:block"
      data-state={state}
      data-collapsible={state === 'collapsed' ? 'icon' : ''}
      data-slot="sidebar"
    >
      {/* Takes the sidebar's width in the page flow, so the content never slides under the fixed panel. */}
      <div className="relative w-(--sidebar-width) bg-transparent transition-[width] duration-200 ease-linear group-data-[collapsible=icon]:w-(--sidebar-width-icon)" />
      <aside
        aria-label="Sidebar"
        className="fixed inset-y-0 left-0 z-10 hidden h-svh w-(--sidebar-width) border-sidebar-border border-r bg-sidebar transition-[width] duration-200 ease-linear md:flex group-data-[collapsible=icon]:w-(--sidebar-width-icon)"
      >
        <div className="flex h-full w-full flex-col">{children}</div>
      </aside>
    </div>
  );
}

export function SidebarTrigger({ className, ...props }: React.ComponentProps<typeof Button>) {
  const { toggleSidebar, isMobile } = useSidebar();
  return (
    <Button
      data-slot="sidebar-trigger"
      variant="ghost"
      size="icon"
      className={cn('size-8', className)}
      aria-label={isMobile ? 'Open menu' : 'Toggle sidebar'}
      title={isMobile ? undefined : 'Toggle sidebar (Ctrl+B)'}
      onClick={toggleSidebar}
      {...props}
    >
      {isMobile ? <MenuIcon /> : <PanelLeftIcon />}
    </Button>
  );
}

export const SidebarInset = ({ className, ...p }: React.ComponentProps<'div'>) => (
  <div className={cn('relative flex min-h-svh min-w-0 flex-1 flex-col bg-background', className)} {...p} />
);

export const SidebarHeader = ({ className, ...p }: React.ComponentProps<'div'>) => (
  <div className={cn('flex flex-col gap-2 p-2', className)} {...p} />
);
export const SidebarFooter = SidebarHeader;
export const SidebarContent = ({ className, ...p }: React.ComponentProps<'div'>) => (
  <div
    className={cn(
      'flex min-h-0 flex-1 flex-col gap-2 overflow-auto p-2 group-data-[collapsible=icon]:overflow-hidden',
      className,
    )}
    {...p}
  />
);
export const SidebarSeparator = ({ className, ...p }: React.ComponentProps<'hr'>) => (
  <hr className={cn('mx-2 border-sidebar-border', className)} {...p} />
);
export const SidebarGroupLabel = ({ className, ...p }: React.ComponentProps<'div'>) => (
  <div
    className={cn(
      'flex h-8 shrink-0 items-center px-2 font-medium text-sidebar-foreground/70 text-xs transition-[margin,opacity] duration-200 group-data-[collapsible=icon]:-mt-8 group-data-[collapsible=icon]:opacity-0',
      className,
    )}
    {...p}
  />
);
export const SidebarMenu = ({ className, ...p }: React.ComponentProps<'ul'>) => (
  <ul className={cn('flex w-full min-w-0 flex-col gap-1', className)} {...p} />
);
export const SidebarMenuItem = ({ className, ...p }: React.ComponentProps<'li'>) => (
  <li className={cn('group/menu-item relative', className)} {...p} />
);

const menuButtonVariants = cva(
  'peer/menu-button flex w-full items-center gap-2 overflow-hidden rounded-md p-2 text-left text-sm outline-hidden ring-ring transition-[width,height,padding] hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 disabled:pointer-events-none disabled:opacity-50 data-[active=true]:bg-sidebar-accent data-[active=true]:font-medium data-[active=true]:text-sidebar-accent-foreground data-[state=open]:bg-sidebar-accent group-data-[collapsible=icon]:size-8! group-data-[collapsible=icon]:p-2! [&>span:last-child]:truncate [&>svg]:size-4 [&>svg]:shrink-0',
  {
    variants: {
      size: {
        default: 'h-8',
        lg: 'h-12 group-data-[collapsible=icon]:p-0!',
      },
    },
    defaultVariants: { size: 'default' },
  },
);

/** A sidebar entry; when the sidebar is collapsed to icons its label shows as a tooltip. */
export function SidebarMenuButton({
  asChild = false,
  isActive = false,
  tooltip,
  size,
  className,
  ...props
}: React.ComponentProps<'button'> & {
  asChild?: boolean;
  isActive?: boolean;
  tooltip?: string;
} & VariantProps<typeof menuButtonVariants>) {
  const { state, isMobile } = useSidebar();
  const Comp = asChild ? Slot.Root : 'button';
  const button = (
    <Comp
      data-slot="sidebar-menu-button"
      data-active={isActive}
      className={cn(menuButtonVariants({ size }), className)}
      {...props}
    />
  );
  if (!tooltip) return button;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent side="right" align="center" hidden={state !== 'collapsed' || isMobile}>
        {tooltip}
      </TooltipContent>
    </Tooltip>
  );
}
