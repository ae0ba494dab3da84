import type { ConversationRating } from '@inbox/contract';
import { StarIcon } from 'lucide-react';

/** The customer's latest satisfaction rating (contract section 14): five stars, the score and the comment. */
export function RatingLine({ rating }: { rating: ConversationRating | null }) {
  if (!rating) return null;
  return (
    <p
      className="flex min-w-0 items-center gap-1.5 text-muted-foreground text-xs"
      data-testid="conversation-rating"
    >
      <span className="sr-only">Customer rating: {rating.score} out of 5</span>
      <span className="flex shrink-0" aria-hidden>
        {[1, 2, 3, 4, 5].map((n) => (
          <StarIcon
            key={n}
            className={`size-3.5 ${n <= rating.score ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground/50'}`}
          />
        ))}
      </span>
      <span className="shrink-0 font-medium text-foreground" aria-hidden>
        {rating.score}/5
      </span>
      {rating.comment && (
        <span className="truncate" title={rating.comment}>
          “{rating.comment}”
        </span>
      )}
    </p>
  );
}
