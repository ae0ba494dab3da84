import type { ComponentType } from 'react';

type PageModule = Promise<{ default: ComponentType }>;

/**
 * Every console page is its own chunk. The router and the preloader share these loaders, so a preloaded page
 * is the very module the router later asks for.
 */
export const pages = {
  login: (): PageModule => import('@/features/auth/login-page'),
  passwordReset: (): PageModule => import('@/features/auth/password-reset-page'),
  dashboard: (): PageModule => import('./dashboard-route'),
  profile: (): PageModule => import('@/features/profile/profile-page'),
  conversations: (): PageModule => import('@/features/conversations/conversations-page'),
  conversation: (): PageModule => import('@/features/conversations/conversation-page'),
  customers: (): PageModule => import('@/features/customers/customers-page'),
  customer: (): PageModule => import('@/features/customers/customer-page'),
  reports: (): PageModule => import('@/features/reports/reports-page'),
  admin: (): PageModule => import('@/features/company-admin/admin-page'),
  appAdmin: (): PageModule => import('@/features/company-admin/app-admin-page'),
  billingSetup: (): PageModule => import('@/features/billing/billing-setup-page'),
  billingSuccess: (): PageModule => import('@/features/billing/billing-success-page'),
  platformAdmin: (): PageModule => import('@/features/platform-admin/platform-admin-page'),
  platformCompany: (): PageModule => import('@/features/platform-admin/company-page'),
  platformUser: (): PageModule => import('@/features/platform-admin/user-page'),
  platformApp: (): PageModule => import('@/features/platform-admin/app-page'),
};

/** A react-router `lazy` function for a page module with a default export. */
export const lazyPage = (load: () => PageModule) => async () => ({ Component: (await load()).default });
