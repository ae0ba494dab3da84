import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { canSeeAdmin, isCompanyAdmin, type SessionSnapshot } from '@/lib/session';
import { AccessGate } from './access-gate';
import NotFoundPage from './not-found-page';
import type { RouteHandle } from './page-title';
import { lazyPage, pages } from './pages';
import { RootLayout } from './root-layout';
import { AppLoading, RouteError } from './route-error';

const isPlatformAdmin = (s: SessionSnapshot) => s.user?.is_platform_admin === true;
const title = (t: string): RouteHandle => ({ title: t });

/** Public auth paths whose screens are not built: they lead to the login page's forms. */
const toForgotPassword = () => redirect('/login?mode=forgot-password');
const toLogin = ({ request }: LoaderFunctionArgs) => redirect(`/login${new URL(request.url).search}`);

/**
 * Product spec section 2: every route of the console.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: AppLoading,
    ErrorBoundary: RouteError,
    children: [
      {
        // Errors of one page render inside the layout, so the sidebar stays usable.
        ErrorBoundary: RouteError,
        children: [
          { index: true, loader: () => redirect('/dashboard') },
          { path: 'login', lazy: lazyPage(pages.login), handle: title('Sign in') },
          {
            path: 'password-reset/:hash?',
            lazy: lazyPage(pages.passwordReset),
            handle: title('Reset password'),
          },
          { path: 'forgot-password/*', loader: toForgotPassword },
          { path: 'reset-password/*', loader: toForgotPassword },
          // Sign Up is hidden (product spec section 2): registration lands on the login page.
          { path: 'register/*', loader: toLogin },
          { path: 'dashboard', lazy: lazyPage(pages.dashboard), handle: title('Dashboard') },
          { path: 'conversations', lazy: lazyPage(pages.conversations), handle: title('Conversations') },
          { path: 'conversations/:id', lazy: lazyPage(pages.conversation), handle: title('Conversations') },
          { path: 'customers', lazy: lazyPage(pages.customers), handle: title('Customers') },
          { path: 'customers/:customerId', lazy: lazyPage(pages.customer), handle: title('Customer') },
          { path: 'reports', lazy: lazyPage(pages.reports), handle: title('Reports') },
          { path: 'profile', lazy: lazyPage(pages.profile), handle: title('Profile') },
          {
            element: <AccessGate allow={canSeeAdmin} />,
            children: [
              { path: 'admin', lazy: lazyPage(pages.admin), handle: title('Admin') },
              { path: 'admin/apps/:id', lazy: lazyPage(pages.appAdmin), handle: title('App settings') },
            ],
          },
          {
            // Billing is the company admin's (contract section 4).
            element: <AccessGate allow={isCompanyAdmin} />,
            children: [
              { path: 'billing/setup', lazy: lazyPage(pages.billingSetup), handle: title('Choose a plan') },
              {
                path: 'billing/success',
                lazy: lazyPage(pages.billingSuccess),
                handle: title('Plan changed'),
              },
            ],
          },
          {
            element: <AccessGate allow={isPlatformAdmin} />,
            handle: title('Platform Admin'),
            children: [
              { path: 'platform-admin', lazy: lazyPage(pages.platformAdmin) },
              {
                path: 'platform-admin/company/:companyId',
                lazy: lazyPage(pages.platformCompany),
                handle: title('Company'),
              },
              {
                path: 'platform-admin/user/:userId',
                lazy: lazyPage(pages.platformUser),
                handle: title('User'),
              },
              { path: 'platform-admin/app/:appId', lazy: lazyPage(pages.platformApp), handle: title('App') },
            ],
          },
          { path: '*', Component: NotFoundPage, handle: title('Page not found') },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
