import type { AiCompletion } from '@inbox/contract';
import { Loader2Icon, SparklesIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAiCompletion } from '../api-actions';

const METHOD_TEXT: Record<string, string> = {
  llm: 'AI suggestion: read it before sending',
  'offline-similar-replies': 'Suggested from similar past replies: read it before sending',
  'offline-template': 'Suggested reply: read it before sending',
  'offline-extractive': 'Suggested reply: read it before sending',
};

/** How a suggestion was made, for the line under the composer. */
export const suggestionNote = (answer: AiCompletion) =>
  answer.notice ?? METHOD_TEXT[answer.method] ?? 'Suggested reply';

interface SuggestReplyProps {
  conversationId: number;
  draft: string;
  onSuggestion: (answer: AiCompletion) => void;
}

/** AI completion: a whole reply (continuing the draft, if any) that lands in the composer to be edited. */
export function SuggestReply({ conversationId, draft, onSuggestion }: SuggestReplyProps) {
  const complete = useAiCompletion();
  const label = complete.isPending ? 'Suggesting...' : 'Suggest reply';
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      aria-label={label}
      onClick={() =>
        complete.mutate(
          { conversation_id: conversationId, draft: draft.trim() || undefined },
          { onSuccess: onSuggestion },
        )
      }
      disabled={complete.isPending}
      className="text-muted-foreground"
    >
      {complete.isPending ? (
        <Loader2Icon className="animate-spin" aria-hidden />
      ) : (
        <SparklesIcon aria-hidden />
      )}
      <span className="hidden sm:inline">{label}</span>
      <span className="sm:hidden">{complete.isPending ? 'Suggesting...' : 'Suggest'}</span>
    </Button>
  );
}
