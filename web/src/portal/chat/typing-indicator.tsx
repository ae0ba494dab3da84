/** The agent's typing state from the poll: three bouncing dots and the spec's 'typing...'. */
export function TypingIndicator() {
  return (
    <li className="mt-3 flex items-center gap-2 pl-10" data-testid="typing-indicator" aria-live="polite">
      <span className="flex items-center gap-1 rounded-2xl rounded-tl-md border bg-card px-3 py-2.5 shadow-xs">
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            className="size-1.5 animate-bounce rounded-full bg-muted-foreground"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
      </span>
      <span className="text-muted-foreground text-xs">typing...</span>
    </li>
  );
}
