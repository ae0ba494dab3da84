import { Building2Icon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { LinkButton } from '@/components/link-button';

/** Signed in but in no company: platform admins are sent to where companies are made. */
export function NoCompanyState({ isPlatformAdmin }: { isPlatformAdmin: boolean }) {
  return (
    <EmptyState
      icon={Building2Icon}
      title="You are not a member of any company yet"
      description={
        isPlatformAdmin
          ? 'As a platform admin you can create a company, add people to it and give them apps and queues in Platform Admin.'
          : 'Ask an administrator to add you to a company. Once you are a member, its apps and conversations show up here.'
      }
      action={isPlatformAdmin && <LinkButton to="/platform-admin">Open Platform Admin</LinkButton>}
    />
  );
}
