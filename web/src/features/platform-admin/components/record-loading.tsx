import { Skeleton } from '@/components/ui/skeleton';
import { PlatformFrame } from './platform-frame';

export function RecordLoading({ label }: { label: string }) {
  return (
    <PlatformFrame>
      <div className="space-y-3" role="status" aria-busy="true" aria-label={label}>
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-8 w-64" />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-64 rounded-xl" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    </PlatformFrame>
  );
}
