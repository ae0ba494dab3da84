import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/lib/session';
import { notificationsQuery } from './api';

/** One's unread notifications in the current company (0 signed out or before the first answer). */
export function useUnreadCount() {
  const { token, company } = useSession();
  const cid = company?.company_id ?? 0;
  const list = useQuery({ ...notificationsQuery(cid), enabled: !!token && !!company });
  return list.data?.meta.unread_count ?? 0;
}
