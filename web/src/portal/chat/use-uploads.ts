import { type PendingUpload as Pending, useUploads as useFileUploads } from '@/lib/use-uploads';
import { portalApi } from '../api';
import { failureText } from '../outcome';
import type { PortalAttachment } from '../types';

export type PendingUpload = Pending<PortalAttachment>;

/** The portal composer's files, uploaded with the chat's token. */
export const useUploads = (token: string) =>
  useFileUploads(
    (file) => portalApi.upload(token, file),
    (err) => failureText(err, '') || undefined,
  );
