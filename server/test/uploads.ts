import type { Session, TestContext } from './app.ts';

/** A console upload (`POST /attachments/upload`): `conversation_id` in the query string, or as a form field. */
export async function consoleUpload(
  t: Pick<TestContext, 'app'>,
  session: Session,
  conversationId: number | null,
  file: { name: string; data: Buffer },
  opts: { asField?: boolean } = {},
) {
  const boundary = `----inbox-test-${Math.random().toString(16).slice(2)}`;
  const field =
    opts.asField && conversationId !== null
      ? `--${boundary}\r\nContent-Disposition: form-data; name="conversation_id"\r\n\r\n${conversationId}\r\n`
      : '';
  const payload = Buffer.concat([
    Buffer.from(
      `${field}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const query = conversationId !== null && !opts.asField ? `?conversation_id=${conversationId}` : '';
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/attachments/upload${query}`,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${session.token}`,
      'x-company-id': String(session.companyId),
    },
  });
  return { status: res.statusCode, body: res.json() };
}
