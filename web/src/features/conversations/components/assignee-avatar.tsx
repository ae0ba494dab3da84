import { InitialsAvatar } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';
import { initialsOf } from '../thread-model';

/** The assignee's initials in a small circle, named for screen readers and on hover. */
export function AssigneeAvatar({ name, className }: { name: string; className?: string }) {
  return (
    <span title={`Assigned to ${name}`} className="inline-flex">
      <InitialsAvatar initials={initialsOf(name)} className={cn('size-6 text-[10px]', className)} />
      <span className="sr-only">Assigned to {name}</span>
    </span>
  );
}
