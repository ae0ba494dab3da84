import type { AdminUser } from '@inbox/contract';
import { ToneBadge } from '@/components/tone-badge';

export function UserBadges({ user }: { user: Pick<AdminUser, 'is_platform_admin' | 'status'> }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      {user.is_platform_admin && <ToneBadge tone="info">Platform admin</ToneBadge>}
      {user.status === 'suspended' ? (
        <ToneBadge tone="danger">Suspended</ToneBadge>
      ) : (
        <ToneBadge tone="success">Active</ToneBadge>
      )}
    </span>
  );
}
