import { Star } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TEXT } from '../constants';
import { failureText } from '../outcome';
import type { Rating, RatingBody } from '../types';
import { Spinner } from './spinner';

const SCORES = [1, 2, 3, 4, 5] as const;
const WORDS: Record<number, string> = { 1: 'Very poor', 2: 'Poor', 3: 'Okay', 4: 'Good', 5: 'Excellent' };
/** Matches the contract's bound on a rating's comment. */
const MAX_COMMENT = 2000;

/**
 * The satisfaction question (contract section 14): five choices, 1 to 5, and an optional comment. The chat
 * shows it in place of its composer; the rate page (`/rate/{token}`) shows it alone.
 */
export function RatingForm({
  question,
  onRate,
  onRated,
}: {
  question: string;
  onRate: (body: RatingBody) => Promise<Rating>;
  onRated: (rating: Rating) => void;
}) {
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (score === null || sending) return;
    setSending(true);
    setError(null);
    try {
      const trimmed = comment.trim();
      onRated(await onRate({ score, ...(trimmed ? { comment: trimmed } : {}) }));
    } catch (err) {
      setError(failureText(err, TEXT.ratingFailed));
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-3" data-testid="rating-form">
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-medium">{question}</legend>
        <div className="flex justify-between gap-1.5 sm:justify-start">
          {SCORES.map((n) => {
            const chosen = score !== null && n <= score;
            return (
              <label
                key={n}
                title={WORDS[n]}
                className={`flex h-12 min-w-12 flex-1 cursor-pointer flex-col items-center justify-center rounded-lg border text-xs transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring sm:flex-none ${
                  score === n
                    ? 'border-primary bg-primary/10 text-foreground'
                    : 'bg-background text-muted-foreground hover:bg-muted'
                }`}
              >
                <input
                  type="radio"
                  name="score"
                  value={n}
                  checked={score === n}
                  onChange={() => setScore(n)}
                  aria-label={`${n} out of 5: ${WORDS[n]}`}
                  className="sr-only"
                />
                <Star
                  className={`size-5 ${chosen ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground'}`}
                  aria-hidden
                />
                <span aria-hidden>{n}</span>
              </label>
            );
          })}
        </div>
        <p className="min-h-5 text-muted-foreground text-sm" aria-live="polite">
          {score === null
            ? 'Choose from 1 (very poor) to 5 (excellent).'
            : `${score} out of 5: ${WORDS[score]}`}
        </p>
      </fieldset>
      <label className="grid gap-1.5 text-sm">
        <span>Comment (optional)</span>
        <textarea
          value={comment}
          maxLength={MAX_COMMENT}
          rows={2}
          onChange={(e) => setComment(e.target.value)}
          placeholder="Tell us more..."
          className="w-full resize-none rounded-md border bg-background px-3 py-2 text-base outline-none focus-visible:ring-2 focus-visible:ring-ring sm:text-sm"
        />
      </label>
      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      <Button type="submit" disabled={score === null || sending} className="justify-self-start">
        {sending && <Spinner />}
        Send rating
      </Button>
    </form>
  );
}
