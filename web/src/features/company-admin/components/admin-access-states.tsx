import { Building2Icon, ShieldOffIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { LinkButton } from '@/components/link-button';

export function NoAdminAccess() {
  return (
    <EmptyState
      icon={ShieldOffIcon}
      title="You don't have access to Admin"
      description="Admin is for company admins and for app admins or managers. Ask your company admin if you need to change settings, apps or members."
      back={{ to: '/dashboard', label: 'Back to Dashboard' }}
    />
  );
}

export function NoCompanyForAdmin({ isPlatformAdmin }: { isPlatformAdmin: boolean }) {
  return (
    <EmptyState
      icon={Building2Icon}
      title="You are not a member of any company"
      description={
        isPlatformAdmin
          ? 'Companies are created and managed in Platform Admin.'
          : 'Ask an administrator to add you to a company.'
      }
      action={isPlatformAdmin && <LinkButton to="/platform-admin">Open Platform Admin</LinkButton>}
    />
  );
}
