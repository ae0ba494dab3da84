import path from 'node:path';
import type { Config } from '../../config.ts';
import { type AttachmentStorage, LocalDiskStorage } from './storage.ts';
import { S3Storage } from './storage-s3.ts';

/** The configured driver (STORAGE_DRIVER): one per process, shared by every route that touches files. */
export const createAttachmentStorage = (config: Pick<Config, 'dataDir' | 'storage'>): AttachmentStorage =>
  config.storage.driver === 's3'
    ? new S3Storage(config.storage)
    : new LocalDiskStorage(path.join(config.dataDir, 'attachments'));
