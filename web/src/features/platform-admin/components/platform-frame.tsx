import { SearchXIcon, ShieldOffIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';

export function PlatformFrame({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-6xl space-y-6 p-4 md:p-6">{children}</div>;
}

export function NotPlatformAdmin() {
  return (
    <PlatformFrame>
      <EmptyState
        icon={ShieldOffIcon}
        title="Platform Admin is for platform admins"
        description="Your account cannot manage the installation's companies and users."
        back={{ to: '/dashboard', label: 'Back to Dashboard' }}
      />
    </PlatformFrame>
  );
}

/** What a platform-admin record page shows. */
export type RecordKind = 'Company' | 'User' | 'App';

/** A record the platform does not have (deleted, or a wrong link). */
export function PlatformNotFound({ what }: { what: RecordKind }) {
  return (
    <PlatformFrame>
      <EmptyState
        icon={SearchXIcon}
        title={`${what} not found`}
        description={`This ${what.toLowerCase()} does not exist. It may have been deleted.`}
        action={
          <Button asChild variant="outline">
            <Link to={`/platform-admin?tab=${what === 'Company' ? 'companies' : `${what.toLowerCase()}s`}`}>
              Back to Platform Admin
            </Link>
          </Button>
        }
      />
    </PlatformFrame>
  );
}
