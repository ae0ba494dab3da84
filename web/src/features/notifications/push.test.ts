import { describe, expect, it } from 'vitest';
import { keyBytes } from './push';

describe('the VAPID key for subscribing', () => {
  it('turns base64url without padding into its bytes', () => {
    // Bytes that use both of base64url's own characters (- and _) and need padding.
    const bytes = [0x04, 0xfb, 0xff, 0x3e, 0x10];
    const b64 = btoa(String.fromCharCode(...bytes));
    const url = b64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(url).toMatch(/[-_]/);
    expect(url).not.toContain('=');
    expect(Array.from(keyBytes(url))).toEqual(bytes);
  });

  it('reads an uncompressed P-256 public key as its 65 bytes starting with 4', () => {
    const key = new Uint8Array(65).map((_, i) => (i === 0 ? 4 : (i * 37) % 256));
    const url = btoa(String.fromCharCode(...key))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    const out = keyBytes(url);
    expect(out.length).toBe(65);
    expect(out[0]).toBe(4);
    expect(Array.from(out)).toEqual(Array.from(key));
  });
});
