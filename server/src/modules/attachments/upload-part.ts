import multipart, { type MultipartFile } from '@fastify/multipart';
import { MAX_ATTACHMENT_BYTES } from '@inbox/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalidField } from '../../http/app-error.ts';
import { tooLarge } from './service.ts';

/** Multipart for the upload routes of a plugin: one file of at most 10 MiB, and a few fields before it. */
export const acceptUploads = (app: FastifyInstance) =>
  app.register(multipart, { limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 5, parts: 6 } });

/** The request's single `file` part (422 without one), its fields (those sent before it) included. */
export async function filePart(request: FastifyRequest) {
  if (!request.isMultipart()) throw invalidField('file', 'A file is required');
  const part = await request.file();
  if (part?.fieldname !== 'file') throw invalidField('file', 'A file is required');
  return part;
}

/** The part's bytes in memory; a file over the limit answers 413. */
export async function bytesOf(part: MultipartFile) {
  try {
    return await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
}
