import {
  BarChart3Icon,
  ContactIcon,
  LayoutDashboardIcon,
  type LucideIcon,
  MessagesSquareIcon,
  SettingsIcon,
  ShieldCheckIcon,
} from 'lucide-react';
import { canSeeAdmin, type SessionSnapshot } from '@/lib/session';

export interface NavItem {
  title: string;
  to: string;
  icon: LucideIcon;
  /** Who sees the entry; everyone when absent. */
  visible?: (session: SessionSnapshot) => boolean;
}

/** The sidebar's page entries, in the product spec's order (section 2). Profile and Sign Out live in the footer. */
export const NAV_ITEMS: NavItem[] = [
  { title: 'Dashboard', to: '/dashboard', icon: LayoutDashboardIcon },
  { title: 'Conversations', to: '/conversations', icon: MessagesSquareIcon },
  { title: 'Customers', to: '/customers', icon: ContactIcon },
  { title: 'Reports', to: '/reports', icon: BarChart3Icon },
  { title: 'Admin', to: '/admin', icon: SettingsIcon, visible: canSeeAdmin },
  {
    title: 'Platform Admin',
    to: '/platform-admin',
    icon: ShieldCheckIcon,
    visible: (s) => s.user?.is_platform_admin === true,
  },
];

/** An entry is active on its own path and on every path below it (/admin/apps/3 highlights Admin). */
export const isActivePath = (pathname: string, to: string) =>
  pathname === to || pathname.startsWith(`${to}/`);

/** A role as a label: 'admin' -> 'Admin'. */
export const roleLabel = (role: string) => role.charAt(0).toUpperCase() + role.slice(1);
