import { CheckIcon, CopyIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** Copies `text`, saying "Copied" for two seconds; named "Copy <what>" for screen readers and tests. */
export function CopyButton({ text, what }: { text: string; what: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // Clipboard access can be refused (no permission, no secure context): the text stays selectable.
      toast.error('Could not copy. Select the text and copy it by hand.');
    }
  };
  return (
    <Button type="button" variant="outline" size="sm" onClick={() => void copy()} aria-label={`Copy ${what}`}>
      {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}

/** A labelled read-only value with its copy button: what a person pastes somewhere else. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex min-w-0 gap-2">
        <Input
          id={id}
          readOnly
          value={value}
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton text={value} what={label.toLowerCase()} />
      </div>
    </div>
  );
}
