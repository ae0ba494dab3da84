import { ShieldOffIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';

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
