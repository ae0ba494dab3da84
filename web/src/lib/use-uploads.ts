import { useCallback, useRef, useState } from 'react';

export interface PendingUpload<A> {
  key: string;
  name: string;
  size: number;
  status: 'uploading' | 'done' | 'failed';
  attachment?: A;
  /** The server's reason (too large, type not allowed), shown next to 'Failed to upload'. */
  reason?: string;
}

/**
 * Files chosen in a composer (the console's or the portal's), each uploaded at once and shown as a chip until
 * the message is sent. `upload` sends one file; `reasonOf` turns its failure into the words shown.
 */
export function useUploads<A>(
  upload: (file: File) => Promise<A>,
  reasonOf: (err: unknown) => string | undefined,
) {
  const [uploads, setUploads] = useState<PendingUpload<A>[]>([]);
  const seq = useRef(0);
  // The latest functions, so `add` keeps one identity for the composer's handlers.
  const send = useRef({ upload, reasonOf });
  send.current = { upload, reasonOf };

  const add = useCallback((files: Iterable<File>) => {
    // A chip removed before its upload finishes stays removed: map() finds no key to update.
    const update = (key: string, patch: Partial<PendingUpload<A>>) =>
      setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...patch } : u)));
    for (const file of files) {
      const key = `u${++seq.current}`;
      setUploads((all) => [...all, { key, name: file.name, size: file.size, status: 'uploading' }]);
      send.current.upload(file).then(
        (attachment) => update(key, { status: 'done', attachment }),
        (err) => update(key, { status: 'failed', reason: send.current.reasonOf(err) }),
      );
    }
  }, []);

  /** Files already on the server (a canned reply's): shown as ready chips, sent like any upload. */
  const adopt = useCallback((files: { name: string; size: number; attachment: A }[]) => {
    setUploads((all) => [
      ...all,
      ...files.map((f) => ({
        key: `u${++seq.current}`,
        name: f.name,
        size: f.size,
        status: 'done' as const,
        attachment: f.attachment,
      })),
    ]);
  }, []);

  const remove = useCallback((key: string) => setUploads((all) => all.filter((u) => u.key !== key)), []);
  const clear = useCallback(() => setUploads([]), []);

  const ready = uploads.flatMap((u) => (u.status === 'done' && u.attachment ? [u.attachment] : []));
  const busy = uploads.some((u) => u.status === 'uploading');
  return { uploads, add, adopt, remove, clear, ready, busy };
}
