import { Navigate, useLocation } from 'react-router';
import { isPublicPath, loginPathFor } from '@/lib/auth-paths';
import { useSession } from '@/lib/session';
import { BareLayout } from './bare-layout';
import { useDocumentTitle } from './page-title';
import { ShellLayout } from './shell-layout';

/**
 * The access rule of product spec section 2: the public auth paths are open (bare layout); any other path
 * without a token goes to the login page, which brings the visitor back to the same path and query after.
 * Being a render rule, it also reacts when the session ends in another tab.
 */
export function RootLayout() {
  const { token } = useSession();
  const location = useLocation();
  useDocumentTitle();
  if (isPublicPath(location.pathname)) return <BareLayout />;
  if (!token) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  return <ShellLayout />;
}
