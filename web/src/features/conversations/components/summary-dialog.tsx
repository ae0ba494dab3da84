import type { AiSummary } from '@inbox/contract';
import { SparklesIcon } from 'lucide-react';
import { DialogPanel } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';

const METHOD_TEXT: Record<string, string> = {
  llm: 'Written by the AI service.',
  'offline-extractive': 'Offline summary: the key sentences of the conversation, picked by the server.',
  'offline-similar-replies': 'Offline: drawn from similar past replies.',
  'offline-template': 'Offline: built from the conversation’s details.',
};

interface SummaryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  summary: AiSummary | undefined;
  pending: boolean;
  onRegenerate: () => void;
}

/** The AI summary of the conversation, and how it was made. */
export function SummaryDialog({ open, onOpenChange, summary, pending, onRegenerate }: SummaryDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogPanel
          title={
            <>
              <SparklesIcon className="size-4" aria-hidden />
              AI summary
            </>
          }
          description="A short account of this conversation for you and your team."
          footer={
            <>
              <Button variant="outline" onClick={onRegenerate} disabled={pending}>
                Regenerate
              </Button>
              <Button onClick={() => onOpenChange(false)}>Close</Button>
            </>
          }
        >
          {pending || !summary ? (
            <div className="space-y-2" role="status" aria-label="Generating summary">
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-11/12" />
              <Skeleton className="h-4 w-4/5" />
              <Skeleton className="h-4 w-2/3" />
            </div>
          ) : (
            <div className="space-y-3">
              <p className="whitespace-pre-wrap text-sm leading-relaxed" data-testid="ai-summary">
                {summary.summary}
              </p>
              <p className="text-muted-foreground text-xs">{METHOD_TEXT[summary.method] ?? summary.method}</p>
              {summary.notice && (
                <p className="rounded-md bg-amber-500/10 px-3 py-2 text-amber-800 text-xs dark:text-amber-300">
                  {summary.notice}
                </p>
              )}
            </div>
          )}
        </DialogPanel>
      </DialogContent>
    </Dialog>
  );
}
