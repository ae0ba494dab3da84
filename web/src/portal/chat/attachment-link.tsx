import { FileText } from 'lucide-react';
import { fileSize } from '@/lib/format';
import { cn } from '@/lib/utils';
import { downloadUrl } from '../api';
import type { PortalAttachment } from '../types';

const IMAGE = /\.(png|jpe?g|gif|webp|bmp|svg)$/i;

/** A file in a message: opens the download in a new tab; images also show a small preview. */
export function AttachmentLink({
  attachment,
  token,
  mine,
}: {
  attachment: PortalAttachment;
  token: string;
  mine: boolean;
}) {
  const href = downloadUrl(attachment.attachment_id, token);
  const isImage = attachment.mime_type
    ? attachment.mime_type.startsWith('image/')
    : IMAGE.test(attachment.original_filename);
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="attachment"
      className={cn(
        'group flex max-w-full flex-col overflow-hidden rounded-lg border text-left outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50',
        isImage && 'w-64',
        mine
          ? 'border-primary-foreground/20 bg-primary-foreground/10 hover:bg-primary-foreground/15'
          : 'bg-background hover:bg-accent',
      )}
    >
      {/* A fixed box, so the list does not jump when the picture arrives. */}
      {isImage && <img src={href} alt="" loading="lazy" className="h-40 w-full bg-muted object-cover" />}
      <span className="flex min-w-0 items-center gap-2 px-2.5 py-2">
        <FileText className="size-4 shrink-0 opacity-70" aria-hidden />
        <span className="min-w-0 flex-1 truncate font-medium text-sm group-hover:underline">
          {attachment.original_filename}
        </span>
        <span className={cn('shrink-0 text-xs', mine ? 'opacity-75' : 'text-muted-foreground')}>
          {fileSize(attachment.file_size)}
        </span>
      </span>
    </a>
  );
}
