import { Attachment, ConsoleDownloadParams, ConsoleUploadQuery } from '@inbox/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import { companyPlugin, rawSpec, spec } from '../../http/route-spec.ts';
import { acceptUploads, bytesOf, filePart } from '../attachments/upload-part.ts';
import { openConsoleAttachment, uploadConsoleAttachment } from './service.ts';

const FieldId = z.coerce.number().int().positive();

/**
 * The file and its conversation, if any: from the query string, or from a `conversation_id` field sent before
 * it. A field that is not an id counts as none.
 */
async function readUpload(request: FastifyRequest, fromQuery: number | undefined) {
  const part = await filePart(request);
  const field = part.fields.conversation_id;
  const value = field && !Array.isArray(field) && field.type === 'field' ? field.value : undefined;
  const parsed = FieldId.safeParse(value);
  const conversationId = fromQuery ?? (parsed.success ? parsed.data : undefined);
  // No conversation: a file for a canned reply (contract section 13), which only a reply can take.
  return { conversationId, filename: part.filename, data: await bytesOf(part) };
}

/** Files in the console: agents upload to send with a reply or note, and download any file of a visible chat. */
export const consoleAttachmentRoutes = companyPlugin('conversations', async (app) => {
  const storage = app.deps.storage;
  await acceptUploads(app);

  app.post(
    '/attachments/upload',
    spec(
      'Upload a file (multipart field `file`) to send with a later reply or note, or for a canned reply',
      {
        description:
          'The conversation is named by `?conversation_id=` or a `conversation_id` field before the file; it ' +
          'must be visible to the caller (404 otherwise). Without one, the file is for a canned reply: ' +
          '`POST /canned-replies` takes it, and it cannot be sent as it is. Allowed: images, pdf, doc, docx, xls, xlsx, txt, csv, ' +
          'judged from the bytes (415 otherwise); at most 10 MiB (413). Only the uploader may send it.',
        querystring: ConsoleUploadQuery,
        consumes: ['multipart/form-data'],
      },
      Attachment,
      201,
    ),
    async (request) => {
      const upload = await readUpload(request, request.query.conversation_id);
      const attachment = await uploadConsoleAttachment({ ctx: request.companyCtx!, storage, ...upload });
      return ok(attachment);
    },
  );

  app.get(
    '/attachments/download/:attachment_id',
    rawSpec(
      'Download a file of a conversation the caller can see',
      {
        description:
          'Files of sent messages (internal notes included) and the caller’s own unsent uploads; 404 for ' +
          'anything else. Sent with the stored type, `Content-Disposition` carrying the original name, and ' +
          '`X-Content-Type-Options: nosniff`.',
        params: ConsoleDownloadParams,
      },
      z.any().describe('the file bytes'),
    ),
    async (request, reply) => {
      const file = await openConsoleAttachment({
        ctx: request.companyCtx!,
        storage,
        id: request.params.attachment_id,
      });
      return reply.headers(file.headers).send(file.stream);
    },
  );
});
