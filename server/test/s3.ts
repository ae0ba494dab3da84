import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types; the three calls used here are its documented API.
import S3rver from 's3rver';
import type { StorageConfig } from '../src/config.ts';

export interface TestS3 {
  /** A storage config for the bucket, as STORAGE_DRIVER=s3 and S3_* would give. */
  config(prefix?: string): Extract<StorageConfig, { driver: 's3' }>;
  close(): Promise<void>;
}

/** A local S3-compatible server (s3rver) on a free port with one bucket, its objects in a temporary folder. */
export async function startTestS3(bucket = 'inbox-files'): Promise<TestS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'inbox-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await server.run()) as { port: number };
  return {
    config: (prefix = '') => ({
      driver: 's3',
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      // s3rver's fixed credentials: the SDK signs every request as it would for AWS.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
      prefix,
    }),
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
