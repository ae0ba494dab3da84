import { describe, expect, it } from 'vitest';
import { ADDRESSES, FOREIGN, ORDINARY } from '../../../test/foreign-details.ts';
import { holdings, keepSupported } from './facts.ts';
import { findDetails, redact } from './redact.ts';

const kinds = (text: string) => findDetails(text).map((d) => [d.kind, d.text]);

describe('findDetails', () => {
  it('finds each kind of personal detail and checkable fact', () => {
    expect(kinds('Mail jane.doe+1@mail.example.co.uk today')).toEqual([
      ['email', 'jane.doe+1@mail.example.co.uk'],
    ]);
    expect(kinds('See https://shop.example.com/o/77?x=1, or www.example.org.')).toEqual([
      ['link', 'https://shop.example.com/o/77?x=1'],
      ['link', 'www.example.org'],
    ]);
    expect(kinds('Call +49 30 1234567 or (020) 7946-0958.')).toEqual([
      ['phone', '+49 30 1234567'],
      ['phone', '(020) 7946-0958'],
    ]);
    expect(kinds('Ship to 221b Baker Street or Hauptstraße 5, London SW1A 1AA.')).toEqual([
      ['address', '221b Baker Street'],
      ['address', 'Hauptstraße 5'],
      ['postcode', 'SW1A 1AA'],
    ]);
    expect(
      kinds('On 2026-03-03, 3 March, March 3rd 2026, 03/04/2026, Friday or within 2 business days.'),
    ).toEqual([
      ['date', '2026-03-03'],
      ['date', '3 March'],
      ['date', 'March 3rd 2026'],
      ['date', '03/04/2026'],
      ['date', 'Friday'],
      ['date', 'within 2 business days'],
    ]);
    expect(kinds('We refunded €49.99, 12 USD and 20 % of $5.')).toEqual([
      ['amount', '€49.99'],
      ['amount', '12 USD'],
      ['amount', '20 %'],
      ['amount', '$5'],
    ]);
    expect(kinds('Order #4711, ticket AB-2291, invoice INV2291 and 123456.')).toEqual([
      ['reference', 'Order #4711'],
      ['reference', 'AB-2291'],
      ['reference', 'invoice INV2291'],
      ['reference', '123456'],
    ]);
  });

  it('leaves ordinary words and small numbers alone', () => {
    expect(kinds('You may return it; the voucher is valid for 24 months, 2 items at most.')).toEqual([]);
  });
});

describe('redact', () => {
  it('replaces details by their kind and names by [name], as written', () => {
    expect(
      redact('Hi Tom Baker, order #4711 to tom@example.com is on its way. PAST-DUE? Ask Tom.', ['Tom Baker']),
    ).toBe('Hi [name], [number] to [email] is on its way. PAST-DUE? Ask [name].');
  });
});

describe('another customer’s address, account and order details', () => {
  it.each(FOREIGN)('leaves nothing of a $where detail ($text) in redacted text', ({ text, secrets }) => {
    const out = redact(`Hi, I noted ${text} for the replacement.`);
    for (const secret of secrets) expect(out, `"${secret}" must not come through`).not.toContain(secret);
    expect(out).toMatch(/^Hi, I noted .*\[(address|postcode|number|iban|card)\].* for the replacement\.$/);
  });

  it('finds at least ten countries’ street lines and postal codes', () => {
    const countries = ADDRESSES.filter(({ text }) =>
      findDetails(text).some((d) => d.kind === 'address' || d.kind === 'postcode'),
    ).map((a) => a.where);
    expect(countries.length).toBeGreaterThanOrEqual(10);
    expect(countries).toEqual(ADDRESSES.map((a) => a.where));
  });

  it.each(ORDINARY)('leaves ordinary support text as written: %s', (text) => {
    expect(redact(text)).toBe(text);
  });
});

describe('keepSupported', () => {
  const held = holdings(
    ['My order #4711 for €25 arrived broken, call +44 20 7946 0958.', 'We approved a refund.'],
    ['We approved a refund.'],
  );

  it('keeps sentences whose facts this conversation holds', () => {
    const text =
      'Order 4711 is logged. Your refund of EUR 25 is on its way. We will call 020 7946 0958 back? No: +44 20 7946 0958.';
    expect(keepSupported(text, held)).toBe(
      'Order 4711 is logged. Your refund of EUR 25 is on its way. No: +44 20 7946 0958.',
    );
  });

  it('drops every sentence holding another customer’s address, account or order id', () => {
    const text = FOREIGN.map((d) => `We sent it to ${d.text} today. Thanks!`).join('\n');
    const kept = keepSupported(text, held);
    for (const { secrets } of FOREIGN) for (const s of secrets) expect(kept).not.toContain(s);
    expect(kept.match(/Thanks!/g)).toHaveLength(FOREIGN.length);
  });

  it('drops sentences with another amount, number, date, link or promise, and names of another customer', () => {
    const text = [
      'Hi Lena,',
      'Your parcel is with the courier. It cost €30. Order #9999 is yours. It arrives on Friday.',
      'Details at https://example.com/x. We ship a free replacement. We will send a voucher.',
      'Tom, thanks!',
      '',
      'Best regards,',
      'Alex',
    ].join('\n');
    expect(keepSupported(text, held, ['Tom'])).toBe(
      'Hi Lena,\nYour parcel is with the courier.\n\nBest regards,\nAlex',
    );
  });
});
