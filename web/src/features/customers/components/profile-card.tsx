import type { Customer, UpdateCustomerBody } from '@inbox/contract';
import { PlusIcon, XIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Field } from '@/components/field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeaderWithAction } from '@/components/ui/card';
import { Input, Textarea } from '@/components/ui/input';
import { ApiError, messageOf } from '@/lib/api-error';
import { useUpdateCustomer } from '../api';

type Errors = Partial<Record<'name' | 'email' | 'phone' | 'notes' | 'attributes', string>>;
interface Attribute {
  key: string;
  value: string;
}

const toRows = (a: Record<string, string>): Attribute[] =>
  Object.entries(a).map(([key, value]) => ({ key, value }));

/**
 * Name, email, phone, notes and attributes, edited in place and saved together. A taken email or phone names
 * the customer that has it, with a link: that is usually a duplicate to merge.
 */
export function ProfileCard({ cid, customer }: { cid: number; customer: Customer }) {
  const [name, setName] = useState(customer.name);
  const [email, setEmail] = useState(customer.email ?? '');
  const [phone, setPhone] = useState(customer.phone ?? '');
  const [notes, setNotes] = useState(customer.notes);
  const [attributes, setAttributes] = useState<Attribute[]>(toRows(customer.attributes));
  const [errors, setErrors] = useState<Errors>({});
  const [holder, setHolder] = useState<number | null>(null);
  const update = useUpdateCustomer(cid, customer.customer_id);

  const body = (): UpdateCustomerBody => ({
    name,
    email: email.trim() || null,
    phone: phone.trim() || null,
    notes,
    attributes: Object.fromEntries(
      attributes.filter((a) => a.key.trim() || a.value.trim()).map((a) => [a.key.trim(), a.value]),
    ),
  });
  const saved: UpdateCustomerBody = {
    name: customer.name,
    email: customer.email,
    phone: customer.phone,
    notes: customer.notes,
    attributes: customer.attributes,
  };
  const dirty = JSON.stringify(body()) !== JSON.stringify(saved);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setHolder(null);
    update.mutate(body(), {
      onSuccess: (saved) => {
        setEmail(saved.email ?? '');
        setPhone(saved.phone ?? '');
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'CONFLICT') {
          const field = err.details?.field === 'phone' ? 'phone' : 'email';
          setErrors({ [field]: messageOf(err) });
          setHolder(Number(err.details?.customer_id) || null);
          return;
        }
        const found: Errors = {};
        if (err instanceof ApiError) {
          for (const f of ['name', 'email', 'phone', 'notes'] as const) found[f] = err.fieldError(f);
          const attr = Object.keys(err.errors ?? {}).find((k) => k.startsWith('attributes'));
          if (attr) found.attributes = err.fieldError(attr);
        }
        setErrors(Object.values(found).some(Boolean) ? found : { name: messageOf(err) });
      },
    });
  };

  const setAttr = (i: number, patch: Partial<Attribute>) =>
    setAttributes((rows) => rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  return (
    <Card>
      <form onSubmit={submit} noValidate className="flex flex-col gap-6">
        <CardHeaderWithAction
          title="Profile"
          description="How you reach this customer, and what your team knows."
        />
        <CardContent className="space-y-4">
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field label="Name" error={errors.name} className="sm:col-span-2">
              {(a) => (
                <Input {...a} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
              )}
            </Field>
            <Field label="Email" error={errors.email}>
              {(a) => (
                <Input
                  {...a}
                  type="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  autoComplete="off"
                />
              )}
            </Field>
            <Field label="Phone" error={errors.phone} hint="With the country code, such as +44 20 7946 0958">
              {(a) => (
                <Input
                  {...a}
                  type="tel"
                  value={phone}
                  onChange={(e) => setPhone(e.target.value)}
                  autoComplete="off"
                />
              )}
            </Field>
          </div>
          {holder !== null && (
            <p className="text-sm">
              <Link to={`/customers/${holder}`} className="font-medium underline underline-offset-4">
                Open the customer who has it
              </Link>{' '}
              <span className="text-muted-foreground">to compare the two and merge them.</span>
            </p>
          )}
          <Field label="Notes" error={errors.notes}>
            {(a) => (
              <Textarea
                {...a}
                value={notes}
                onChange={(e) => setNotes(e.target.value)}
                rows={3}
                placeholder="Anything the next agent should know"
              />
            )}
          </Field>
          <fieldset className="space-y-2">
            <legend className="font-medium text-sm">Attributes</legend>
            {attributes.length === 0 && (
              <p className="text-muted-foreground text-sm">
                No attributes yet: a plan, an account number, a city.
              </p>
            )}
            {attributes.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own while being typed.
              <div key={i} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1.5fr)_auto] gap-2">
                <Input
                  aria-label={`Attribute ${i + 1} name`}
                  value={row.key}
                  placeholder="Name"
                  onChange={(e) => setAttr(i, { key: e.target.value })}
                />
                <Input
                  aria-label={`Attribute ${i + 1} value`}
                  value={row.value}
                  placeholder="Value"
                  onChange={(e) => setAttr(i, { value: e.target.value })}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove attribute ${row.key || i + 1}`}
                  onClick={() => setAttributes((rows) => rows.filter((_, j) => j !== i))}
                >
                  <XIcon />
                </Button>
              </div>
            ))}
            {errors.attributes && <p className="text-destructive text-sm">{errors.attributes}</p>}
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => setAttributes((rows) => [...rows, { key: '', value: '' }])}
            >
              <PlusIcon aria-hidden />
              Add attribute
            </Button>
          </fieldset>
        </CardContent>
        <CardFooter className="justify-end gap-2 border-t pt-4">
          <Button type="submit" disabled={!dirty || update.isPending}>
            {update.isPending ? 'Saving...' : 'Save changes'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
