import { Field } from '@/components/form-fields';
import { Input } from '@/components/ui/input';

/** "From" and "To" date fields that keep the range the right way round: each one bounds the other. */
export function DateRangeFields({
  from,
  to,
  onFrom,
  onTo,
  className,
}: {
  from: string;
  to: string;
  onFrom: (date: string) => void;
  onTo: (date: string) => void;
  className?: string;
}) {
  return (
    <>
      <Field label="From" className={className}>
        {(control) => (
          <Input
            {...control}
            type="date"
            value={from}
            max={to || undefined}
            onChange={(e) => onFrom(e.target.value)}
          />
        )}
      </Field>
      <Field label="To" className={className}>
        {(control) => (
          <Input
            {...control}
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => onTo(e.target.value)}
          />
        )}
      </Field>
    </>
  );
}
