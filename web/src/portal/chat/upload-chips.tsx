import { CircleAlert, FileText, X } from 'lucide-react';
import { fileSize } from '@/lib/format';
import { cn } from '@/lib/utils';
import { TEXT } from '../constants';
import { Spinner } from '../shared/spinner';
import type { PendingUpload } from './use-uploads';

/** Files waiting to go with the next message: name, size, progress or failure, and a remove button. */
export function UploadChips({
  uploads,
  onRemove,
}: {
  uploads: PendingUpload[];
  onRemove: (key: string) => void;
}) {
  if (!uploads.length) return null;
  return (
    <ul aria-label="Attachments to send" className="flex flex-wrap gap-2 pb-2">
      {uploads.map((u) => {
        const failed = u.status === 'failed';
        return (
          <li
            key={u.key}
            data-testid="upload-chip"
            data-status={u.status}
            title={failed ? u.reason : undefined}
            className={cn(
              'flex max-w-full items-center gap-2 rounded-lg border bg-card py-1.5 pr-1 pl-2.5 text-sm shadow-xs',
              failed && 'border-destructive/40 bg-destructive/5',
            )}
          >
            {u.status === 'uploading' ? (
              <Spinner className="text-muted-foreground" label={`Uploading ${u.name}`} />
            ) : failed ? (
              <CircleAlert className="size-4 shrink-0 text-destructive" aria-hidden />
            ) : (
              <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            )}
            <span className="min-w-0 max-w-44 truncate font-medium">{u.name}</span>
            {failed ? (
              // Why it failed (too large, a type not allowed) in the server's words; "Failed to upload" as
              // the headline, so a customer on a phone (no tooltip) sees both.
              <span className="min-w-0 text-destructive text-xs">
                {TEXT.uploadFailed}
                {u.reason && <span className="block">{u.reason}</span>}
              </span>
            ) : (
              <span className="shrink-0 text-muted-foreground text-xs">{fileSize(u.size)}</span>
            )}
            <button
              type="button"
              onClick={() => onRemove(u.key)}
              aria-label={`Remove ${u.name}`}
              className="flex size-6 shrink-0 items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <X className="size-3.5" aria-hidden />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
