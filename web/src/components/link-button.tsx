import type * as React from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** A link in a button's clothes: the way out of an empty or refused page. */
export function LinkButton({
  to,
  children,
  ...button
}: { to: string; children: React.ReactNode } & Omit<React.ComponentProps<typeof Button>, 'asChild'>) {
  return (
    <Button asChild {...button}>
      <Link to={to}>{children}</Link>
    </Button>
  );
}
