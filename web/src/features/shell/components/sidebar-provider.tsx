import {
  type CSSProperties,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { isToggleShortcut, readSidebarCookie, writeSidebarCookie } from '../sidebar-state';
import { useIsMobile } from '../use-is-mobile';

interface SidebarContextValue {
  state: 'expanded' | 'collapsed';
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggleSidebar: () => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar() {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar must be used within a SidebarProvider.');
  return context;
}

/** Product spec section 9: 16rem expanded, 3rem collapsed (icons only), 18rem as the phone drawer. */
export const SIDEBAR_WIDTHS = {
  '--sidebar-width': '16rem',
  '--sidebar-width-icon': '3rem',
  '--sidebar-width-mobile': '18rem',
} as CSSProperties;

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const [open, setOpenState] = useState(readSidebarCookie);
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    writeSidebarCookie(value);
  }, []);

  const toggleSidebar = useCallback(() => {
    if (isMobile) setOpenMobile((o) => !o);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (!isToggleShortcut(e)) return;
      e.preventDefault();
      toggleSidebar();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);

  const value = useMemo<SidebarContextValue>(
    () => ({
      state: open ? 'expanded' : 'collapsed',
      open,
      setOpen,
      openMobile,
      setOpenMobile,
      isMobile,
      toggleSidebar,
    }),
    [open, setOpen, openMobile, isMobile, toggleSidebar],
  );

  return (
    <SidebarContext.Provider value={value}>
      <div data-slot="sidebar-wrapper" style={SIDEBAR_WIDTHS} className="flex min-h-svh w-full">
        {children}
      </div>
    </SidebarContext.Provider>
  );
}
