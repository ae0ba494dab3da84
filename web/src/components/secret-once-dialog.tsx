import { TriangleAlertIcon } from 'lucide-react';
import { CopyField } from '@/components/copy-button';
import { DialogPanel } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';

/** A secret the server shows this once (a signing secret, an API key): a warning, the value and its copy button. */
export function SecretOnceDialog({
  title,
  label,
  value,
  purpose,
  warning,
  onClose,
}: {
  title: string;
  label: string;
  /** Null: closed. */
  value: string | null;
  /** What the secret is for, after "Copy it now: it is shown this once." */
  purpose: string;
  warning: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={value !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogPanel
          title={title}
          description={`Copy it now: it is shown this once. ${purpose}`}
          footer={<Button onClick={onClose}>I have copied it</Button>}
        >
          <p className="flex items-start gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
            <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            {warning}
          </p>
          <CopyField label={label} value={value ?? ''} />
        </DialogPanel>
      </DialogContent>
    </Dialog>
  );
}
