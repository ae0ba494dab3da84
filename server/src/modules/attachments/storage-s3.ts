import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { StorageConfig } from '../../config.ts';
import { type AttachmentStorage, checkKey } from './storage.ts';

type S3Config = Extract<StorageConfig, { driver: 's3' }>;

/**
 * Files in a bucket of S3 or an S3-compatible service, so several machines behind a load balancer share
 * them. Keys are ours (checked like the disk driver's), under the configured prefix.
 */
export class S3Storage implements AttachmentStorage {
  private readonly client: S3Client;

  constructor(private readonly config: S3Config) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      credentials: config.credentials,
      forcePathStyle: config.forcePathStyle,
      // Checksums only where S3 requires them: several S3-compatible servers reject the newer headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private keyOf(key: string) {
    return `${this.config.prefix}${checkKey(key)}`;
  }

  async ready() {
    // A wrong bucket or credentials stop the start with the service's answer, not the first upload.
    await this.client.send(new HeadBucketCommand({ Bucket: this.config.bucket })).catch((err: Error) => {
      throw new Error(`S3 bucket ${this.config.bucket} is not reachable: ${err.name} ${err.message}`);
    });
  }

  async put(key: string, data: Buffer) {
    // One PUT is atomic on S3: a reader sees the whole object or none.
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: this.keyOf(key),
        Body: data,
        ContentLength: data.length,
      }),
    );
  }

  async get(key: string): Promise<Readable> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(key) }),
      );
      if (!(res.Body instanceof Readable)) throw new Error(`S3 object ${key} has no body`);
      return res.Body;
    } catch (err) {
      if (err instanceof NoSuchKey) throw new Error(`no stored file for key ${key}`);
      throw err;
    }
  }

  async delete(key: string) {
    // S3 answers a delete of a missing key with success, which is what the interface asks.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(key) }));
  }

  close() {
    this.client.destroy();
  }
}
