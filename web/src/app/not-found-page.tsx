import { FileQuestionIcon } from 'lucide-react';
import { LinkButton } from '@/components/link-button';

export default function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-3 p-4 py-16 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted">
        <FileQuestionIcon className="size-6 text-muted-foreground" aria-hidden="true" />
      </span>
      <h1 className="font-semibold text-xl">Page not found</h1>
      <p className="text-muted-foreground text-sm">
        The page you are looking for does not exist or has moved.
      </p>
      <LinkButton to="/">Go to Dashboard</LinkButton>
    </section>
  );
}
