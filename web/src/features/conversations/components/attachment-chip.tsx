import type { Attachment } from '@inbox/contract';
import { DownloadIcon, FileTextIcon, ImageIcon } from 'lucide-react';
import { useState } from 'react';
import { toastError } from '@/components/server-errors';
import { fileSize } from '@/lib/format';
import { cn } from '@/lib/utils';
import { downloadAttachment } from '../api-messages';

/**
 * A file of a message: name and size; a click downloads it with the console's credentials. An opaque
 * background, so it reads the same on an agent's coloured bubble in light and dark.
 */
export function AttachmentChip({ attachment, className }: { attachment: Attachment; className?: string }) {
  const [busy, setBusy] = useState(false);
  const Icon = attachment.mime_type?.startsWith('image/') ? ImageIcon : FileTextIcon;
  const download = async () => {
    setBusy(true);
    try {
      await downloadAttachment(attachment);
    } catch (err) {
      toastError(err, 'Failed to download the file');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={download}
      disabled={busy}
      aria-label={`Download ${attachment.original_filename} (${fileSize(attachment.file_size)})`}
      className={cn(
        'flex w-full min-w-0 max-w-64 items-center gap-2 rounded-md border bg-background px-2 py-1.5 text-left text-foreground text-xs outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-60',
        className,
      )}
    >
      <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{attachment.original_filename}</span>
        <span className="text-muted-foreground">{fileSize(attachment.file_size)}</span>
      </span>
      <DownloadIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
    </button>
  );
}
