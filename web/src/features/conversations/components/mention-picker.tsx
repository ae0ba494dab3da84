import type { MentionablePerson } from '@inbox/contract';
import { Loader2Icon } from 'lucide-react';
import { InitialsAvatar } from '@/components/ui/avatar';
import { initialsOf } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { useMentionPicking } from './use-mention-picking';

export const MENTION_PICKER_ID = 'mention-picker';
export const mentionOptionId = (id: number) => `mention-option-${id}`;

/**
 * The `@` picker over the people who can see the conversation, above the note. The composer keeps the
 * keyboard (up, down, Enter or Tab, Escape); a click chooses too.
 */
export function MentionPicker({ picking: p }: { picking: ReturnType<typeof useMentionPicking> }) {
  return (
    <div
      className="absolute inset-x-0 bottom-full z-20 mb-2 overflow-hidden rounded-lg border bg-popover text-popover-foreground shadow-lg"
      data-testid="mention-picker"
    >
      <div className="flex items-center justify-between gap-2 border-b px-3 py-1.5 text-muted-foreground text-xs">
        <span>
          Mention someone who can see this conversation · ↑↓ to move, Enter to mention, Esc to close
        </span>
        {p.loading && <Loader2Icon className="size-3.5 animate-spin" aria-label="Loading" />}
      </div>
      {p.failed ? (
        <p className="px-3 py-3 text-destructive text-sm">
          The people of this conversation could not be loaded.
        </p>
      ) : !p.loading && p.list.length === 0 ? (
        <p className="px-3 py-3 text-muted-foreground text-sm">
          {p.query
            ? `No one who can see this conversation matches “${p.query}”.`
            : 'No one else can see this conversation.'}
        </p>
      ) : (
        <div
          id={MENTION_PICKER_ID}
          role="listbox"
          aria-label="People to mention"
          className="max-h-72 overflow-y-auto py-1"
        >
          {p.list.map((person: MentionablePerson, i) => (
            <div
              key={person.user_id}
              id={mentionOptionId(person.user_id)}
              role="option"
              tabIndex={-1}
              aria-selected={i === p.active}
              // Keeps the textarea's focus (and caret): the choice is made on click, not on focus.
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => p.setActive(i)}
              onClick={() => p.choose(person)}
              onKeyDown={(e) => e.key === 'Enter' && p.choose(person)}
              className={cn(
                'flex cursor-pointer items-center gap-2.5 px-3 py-1.5',
                i === p.active ? 'bg-accent text-accent-foreground' : 'hover:bg-accent/50',
              )}
            >
              <InitialsAvatar initials={initialsOf(person.name)} className="size-6 text-[10px]" />
              <span className="min-w-0 truncate font-medium text-sm">{person.name}</span>
              <span className="min-w-0 truncate text-muted-foreground text-xs">{person.email}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
