import { AlertCircleIcon, FileIcon, Loader2Icon, XIcon } from 'lucide-react';
import { fileSize } from '@/lib/format';
import type { PendingUpload } from '@/lib/use-uploads';
import { cn } from '@/lib/utils';

export const UPLOAD_FAILED = 'Failed to upload';

/**
 * The files waiting to go with the next message (or a canned reply being saved): uploading, ready, or failed
 * (with the reason).
 */
export function UploadChips({
  uploads,
  onRemove,
}: {
  uploads: PendingUpload<unknown>[];
  onRemove: (key: string) => void;
}) {
  if (uploads.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Attached files">
      {uploads.map((u) => (
        <li
          key={u.key}
          data-testid="upload-chip"
          data-status={u.status}
          className={cn(
            'flex max-w-full items-center gap-1.5 rounded-md border bg-background py-1 pr-1 pl-2 text-xs',
            u.status === 'failed' && 'border-destructive/50 bg-destructive/5',
          )}
        >
          {u.status === 'uploading' ? (
            <Loader2Icon
              className="size-3.5 shrink-0 animate-spin text-muted-foreground"
              aria-label="Uploading"
            />
          ) : u.status === 'failed' ? (
            <AlertCircleIcon className="size-3.5 shrink-0 text-destructive" aria-hidden />
          ) : (
            <FileIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
          )}
          <span className="min-w-0 max-w-48 truncate font-medium">{u.name}</span>
          {u.status === 'failed' ? (
            <span className="text-destructive" title={u.reason}>
              {UPLOAD_FAILED}
            </span>
          ) : (
            <span className="text-muted-foreground">{fileSize(u.size)}</span>
          )}
          <button
            type="button"
            onClick={() => onRemove(u.key)}
            aria-label={`Remove ${u.name}`}
            className="rounded p-0.5 text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
          >
            <XIcon className="size-3.5" aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}
