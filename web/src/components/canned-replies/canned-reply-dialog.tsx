import {
  ATTACHMENT_ACCEPT,
  type Attachment,
  CANNED_REPLY_PLACEHOLDERS,
  type CannedReply,
  type CannedReplyScope,
  MAX_SHORT_CODE,
} from '@inbox/contract';
import { PaperclipIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { DialogForm, formDialog } from '@/components/form-dialog';
import { FormText, FormTextArea } from '@/components/form-fields';
import { showServerError } from '@/components/server-errors';
import { Button } from '@/components/ui/button';
import { UploadChips } from '@/components/upload-chips';
import { ApiError } from '@/lib/api-error';
import { useUploads } from '@/lib/use-uploads';
import { uploadCannedFile, useCreateCannedReply, useUpdateCannedReply } from './api';

interface Values {
  short_code: string;
  title: string;
  content: string;
}

const FIELDS = ['short_code', 'title', 'content'] as const;

export const SCOPE_NOUN: Record<CannedReplyScope, string> = {
  company: 'company reply',
  app: 'app reply',
  personal: 'personal reply',
};

interface Props {
  companyId: number;
  scope: CannedReplyScope;
  appId?: number;
  /** Given: edit it; otherwise create one. */
  reply?: CannedReply;
  /** A new reply's text to start from (the composer's "Save as canned reply"). */
  initialContent?: string;
}

export const CannedReplyDialog = formDialog(CannedReplyForm, 'sm:max-w-lg');

function CannedReplyForm({
  companyId,
  scope,
  appId,
  reply: r,
  initialContent,
  onDone,
}: Props & { onDone: () => void }) {
  const create = useCreateCannedReply(companyId);
  const update = useUpdateCannedReply(companyId);
  const files = useUploads<Attachment | { attachment_id: number }>(uploadCannedFile, (err) =>
    err instanceof ApiError ? err.message : undefined,
  );
  const fileInput = useRef<HTMLInputElement>(null);
  const { adopt } = files;
  useEffect(() => {
    if (r) {
      adopt(r.attachments.map((a) => ({ name: a.original_filename, size: a.file_size, attachment: a })));
    }
  }, [r, adopt]);
  const form = useForm<Values>({
    defaultValues: {
      short_code: r?.short_code ?? '',
      title: r?.title ?? '',
      content: r?.content ?? initialContent ?? '',
    },
  });

  const submit = form.handleSubmit((v) => {
    const attachments = files.ready.map((a) => a.attachment_id);
    const onError = (err: unknown) => {
      if (err instanceof ApiError && err.code === 'CONFLICT') {
        form.setError('short_code', { type: 'server', message: err.message }, { shouldFocus: true });
      } else showServerError(err, form.setError, FIELDS);
    };
    if (r)
      update.mutate({ id: r.canned_reply_id, body: { ...v, attachments } }, { onSuccess: onDone, onError });
    else
      create.mutate(
        { scope, app_id: scope === 'app' ? appId : undefined, ...v, attachments },
        { onSuccess: onDone, onError },
      );
  });

  const noun = SCOPE_NOUN[scope];
  return (
    <DialogForm
      title={r ? `Edit /${r.short_code}` : `New ${noun}`}
      description="Type / and its short code at the start of a reply or note to use it."
      onSubmit={submit}
      onCancel={onDone}
      pending={create.isPending || update.isPending}
      submitDisabled={files.busy}
      submitLabel={r ? 'Save changes' : 'Save canned reply'}
    >
      <FormText
        form={form}
        name="short_code"
        label="Short code"
        autoFocus
        maxLength={MAX_SHORT_CODE}
        hint="Letters, digits, - and _ only."
      />
      <FormText form={form} name="title" label="Title" />
      <FormTextArea form={form} name="content" label="Content" rows={5} />
      <p className="-mt-2 text-muted-foreground text-xs">
        Placeholders: {CANNED_REPLY_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}. A fallback for an empty
        value: {'{{customer.first_name | "there"}}'}.
      </p>
      <div className="space-y-2">
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={ATTACHMENT_ACCEPT}
          className="hidden"
          data-testid="canned-file-input"
          onChange={(e) => {
            if (e.target.files) files.add(e.target.files);
            e.target.value = '';
          }}
        />
        <Button type="button" variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
          <PaperclipIcon aria-hidden />
          Attach files
        </Button>
        <UploadChips uploads={files.uploads} onRemove={files.remove} />
      </div>
    </DialogForm>
  );
}
