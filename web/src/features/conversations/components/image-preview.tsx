import type { Attachment } from '@inbox/contract';
import { useEffect, useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { fileSize } from '@/lib/format';
import { fetchAttachment } from '../api-messages';

/** An object URL for the attachment's bytes while the component is shown; null until loaded or on failure. */
function useAttachmentUrl(attachmentId: number): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let made: string | null = null;
    fetchAttachment(attachmentId, controller.signal)
      .then((blob) => {
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => setUrl(null));
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [attachmentId]);
  return url;
}

/**
 * An image a message carries, as the customer sees it in the portal: a thumbnail in the thread, and the
 * whole picture in a dialog on click. The bytes come with the console's credentials, so they are shown
 * from a local object URL.
 */
export function ImagePreview({ attachment }: { attachment: Attachment }) {
  const url = useAttachmentUrl(attachment.attachment_id);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        disabled={!url}
        aria-label={`View ${attachment.original_filename}`}
        className="block h-40 w-64 max-w-full overflow-hidden rounded-md border bg-muted outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {url && <img src={url} alt="" className="size-full object-cover" data-testid="image-thumbnail" />}
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-[min(64rem,calc(100vw-2rem))]">
          <DialogTitle className="truncate pr-8">{attachment.original_filename}</DialogTitle>
          <DialogDescription>{fileSize(attachment.file_size)}</DialogDescription>
          {url && (
            <img
              src={url}
              alt={attachment.original_filename}
              className="max-h-[75vh] w-full rounded-md object-contain"
            />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
