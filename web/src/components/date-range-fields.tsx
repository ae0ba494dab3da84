import { Field } from '@/components/field';
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
  const ends = [
    { label: 'From', value: from, set: onFrom, bound: { max: to || undefined } },
    { label: 'To', value: to, set: onTo, bound: { min: from || undefined } },
  ];
  return ends.map((end) => (
    <Field key={end.label} label={end.label} className={className}>
      {(control) => (
        <Input
          {...control}
          {...end.bound}
          type="date"
          value={end.value}
          onChange={(e) => end.set(e.target.value)}
        />
      )}
    </Field>
  ));
}
