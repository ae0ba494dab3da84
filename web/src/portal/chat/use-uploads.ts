import { useCallback, useRef, useState } from 'react';
import { portalApi } from '../api';
import { failureText } from '../outcome';
import type { PortalAttachment } from '../types';

export interface PendingUpload {
  key: string;
  name: string;
  size: number;
  status: 'uploading' | 'done' | 'failed';
  attachment?: PortalAttachment;
  reason?: string;
}

/** Files chosen in the composer, each uploaded at once and shown as a chip until the message is sent. */
export function useUploads(token: string) {
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const seq = useRef(0);

  const add = useCallback(
    (files: Iterable<File>) => {
      // A chip removed before its upload finishes stays removed: map() finds no key to update.
      const update = (key: string, patch: Partial<PendingUpload>) =>
        setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...patch } : u)));
      for (const file of files) {
        const key = `u${++seq.current}`;
        setUploads((all) => [...all, { key, name: file.name, size: file.size, status: 'uploading' }]);
        portalApi.upload(token, file).then(
          (attachment) => update(key, { status: 'done', attachment }),
          (err) => update(key, { status: 'failed', reason: failureText(err, '') || undefined }),
        );
      }
    },
    [token],
  );

  const remove = useCallback((key: string) => setUploads((all) => all.filter((u) => u.key !== key)), []);
  const clear = useCallback(() => setUploads([]), []);

  const ready = uploads.flatMap((u) => (u.status === 'done' && u.attachment ? [u.attachment] : []));
  const busy = uploads.some((u) => u.status === 'uploading');
  return { uploads, add, remove, clear, ready, busy };
}
