import { renderTemplate, type WhatsAppTemplate } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { FileTextIcon } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { DialogForm, formDialog } from '@/components/form-dialog';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { cn } from '@/lib/utils';
import { inboxKeys } from '../api';
import { useSendMessage } from '../api-messages';

const keyOf = (t: WhatsAppTemplate) => `${t.name}:${t.language}`;

interface TemplateDialogProps {
  cid: number;
  conversationId: number;
  newClientId: () => string;
}

/**
 * WhatsApp's way back to a customer after 24 hours: one of the number's templates approved by Meta, with
 * its values filled in and the text the customer will receive shown before it goes.
 */
export const TemplateDialog = formDialog(TemplateForm, 'max-h-[90vh] overflow-y-auto sm:max-w-xl');

function TemplateForm({
  cid,
  conversationId,
  newClientId,
  onDone,
}: TemplateDialogProps & { onDone: () => void }) {
  const templates = useQuery({
    queryKey: [...inboxKeys.thread(cid, conversationId), 'whatsapp-templates'],
    queryFn: () =>
      api.get<WhatsAppTemplate[]>('/whatsapp/templates', { query: { conversation_id: conversationId } }),
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const [values, setValues] = useState<string[]>([]);
  const [clientId] = useState(newClientId);
  const send = useSendMessage(cid);
  const template = templates.data?.find((t) => keyOf(t) === chosen);
  const fieldErrors = send.error instanceof ApiError ? send.error.errors : undefined;
  const missing = template
    ? values.slice(0, template.parameters).filter((v) => v.trim()).length < template.parameters
    : true;

  const choose = (t: WhatsAppTemplate) => {
    setChosen(keyOf(t));
    setValues(Array.from({ length: t.parameters }, () => ''));
    send.reset();
  };

  return (
    <DialogForm
      title="Send a WhatsApp template"
      description="More than 24 hours have passed since the customer’s last message: WhatsApp takes only a template approved by Meta until they write again."
      submitLabel="Send template"
      pendingLabel="Sending..."
      pending={send.isPending}
      submitDisabled={!template || missing}
      onCancel={onDone}
      onSubmit={(e) => {
        e.preventDefault();
        if (!template || missing) return;
        send.mutate(
          {
            conversation_id: conversationId,
            content: '',
            content_type: 'text',
            client_message_id: clientId,
            template: {
              name: template.name,
              language: template.language,
              parameters: values.map((v) => v.trim()),
            },
          },
          { onSuccess: onDone },
        );
      }}
    >
      {templates.isPending ? (
        <Skeleton className="h-32" />
      ) : templates.isError ? (
        <ErrorState error={templates.error} onRetry={() => templates.refetch()} />
      ) : templates.data.length === 0 ? (
        <EmptyState
          icon={FileTextIcon}
          title="No approved templates"
          description="Create message templates for this WhatsApp number in Meta’s WhatsApp Manager; approved ones appear here."
        />
      ) : (
        <fieldset className="grid gap-2">
          <legend className="mb-2 font-medium text-sm">Template</legend>
          {templates.data.map((t) => (
            <label
              key={keyOf(t)}
              className={cn(
                'flex cursor-pointer gap-3 rounded-md border p-3 text-sm has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
                chosen === keyOf(t) && 'border-primary bg-primary/5',
              )}
            >
              <input
                type="radio"
                name="template"
                className="mt-1 accent-primary"
                checked={chosen === keyOf(t)}
                onChange={() => choose(t)}
              />
              <span className="min-w-0 space-y-1">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{t.name}</span>
                  <Badge variant="secondary">{t.language}</Badge>
                  <Badge variant="outline">{t.category.toLowerCase()}</Badge>
                </span>
                <span className="block text-muted-foreground">{t.body}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {template && template.parameters > 0 && (
        <div className="grid gap-3">
          {values.map((v, i) => (
            <TextField
              // biome-ignore lint/suspicious/noArrayIndexKey: the placeholders are numbered, not reordered
              key={i}
              id={`template-value-${i + 1}`}
              label={`Value for {{${i + 1}}}`}
              value={v}
              maxLength={1024}
              onChange={(e) => setValues(values.map((old, j) => (j === i ? e.target.value : old)))}
              error={fieldErrors?.['template.parameters']?.toString()}
            />
          ))}
        </div>
      )}
      {template && (
        <div className="rounded-md bg-muted p-3 text-sm">
          <p className="mb-1 font-medium text-muted-foreground text-xs">The customer receives</p>
          <p className="whitespace-pre-wrap">{renderTemplate(template, values)}</p>
        </div>
      )}
      {fieldErrors?.template && (
        <p className="text-destructive text-sm" role="alert">
          {fieldErrors.template.toString()}
        </p>
      )}
    </DialogForm>
  );
}
