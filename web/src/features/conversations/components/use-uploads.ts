import type { Attachment } from '@inbox/contract';
import { ApiError } from '@/lib/api-error';
import { type PendingUpload as Pending, useUploads as useFileUploads } from '@/lib/use-uploads';
import { uploadAttachment } from '../api-messages';

export type PendingUpload = Pending<Attachment>;

/** The console composer's files, uploaded to the open conversation. */
export const useUploads = (conversationId: number) =>
  useFileUploads(
    (file) => uploadAttachment(conversationId, file),
    (err) => (err instanceof ApiError ? err.message : undefined),
  );
