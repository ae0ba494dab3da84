import type { ReactNode } from 'react';

/** The entry screens' frame: a soft page with one card, padded clear of phone notches and home bars. */
export function CenteredPage({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-start justify-center bg-muted/50 px-4 pt-[max(1.5rem,env(safe-area-inset-top))] pb-[max(1.5rem,env(safe-area-inset-bottom))] sm:items-center dark:bg-background">
      <div className="w-full max-w-md">{children}</div>
    </main>
  );
}
