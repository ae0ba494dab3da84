import { describe, expect, it } from 'vitest';
import { canonicalEmail, nameSimilarity } from './likeness.ts';

describe('what makes two customers alike', () => {
  it('reads Gmail addresses as Gmail does, and drops +tags everywhere', () => {
    expect(canonicalEmail('Jane.Doe+shop@GoogleMail.com')).toBe('janedoe@gmail.com');
    expect(canonicalEmail('jane.doe@gmail.com')).toBe('janedoe@gmail.com');
    expect(canonicalEmail('jane.doe+news@acme.test')).toBe('jane.doe@acme.test');
    expect(canonicalEmail('janedoe@acme.test')).not.toBe(canonicalEmail('jane.doe@acme.test'));
  });

  it('scores names alike despite case, accents, punctuation and word order, and unlike names low', () => {
    expect(nameSimilarity('Zoë Müller', 'zoe muller')).toBe(1);
    expect(nameSimilarity('Müller, Zoë', 'Zoe Mueller')).toBeGreaterThan(0.75);
    expect(nameSimilarity('Jon Smith', 'John Smith')).toBeGreaterThan(0.75);
    expect(nameSimilarity('Jon Smith', 'Maria Garcia')).toBeLessThan(0.3);
  });
});
