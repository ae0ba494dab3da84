import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { linkParts, MessageText } from './message-text';

const links = (text: string) => {
  const { container } = render(<MessageText text={text} />);
  return [...container.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href'), a.rel]);
};

describe('MessageText', () => {
  it('links http, https, www and email addresses, without the sentence’s last punctuation', () => {
    expect(links('See https://shop.test/o/7?x=1. Or www.shop.test, or mail help@shop.test!')).toEqual([
      ['https://shop.test/o/7?x=1', 'https://shop.test/o/7?x=1', 'noopener noreferrer nofollow'],
      ['www.shop.test', 'https://www.shop.test', 'noopener noreferrer nofollow'],
      ['help@shop.test', 'mailto:help@shop.test', 'noopener noreferrer nofollow'],
    ]);
  });

  it('never links another scheme, and renders markup as text', () => {
    const text =
      'javascript:alert(1) data:text/html,<b>x</b> <a href="https://evil.test">hi</a> file:///etc/passwd';
    const { container } = render(<MessageText text={text} />);
    expect(container.textContent).toBe(text);
    expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      'https://evil.test',
    ]);
    expect(container.querySelector('b')).toBeNull();
  });

  it('gives back the whole text', () => {
    const text = 'a https://x.test/(y) b, c@d.test.';
    expect(
      linkParts(text)
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
  });
});
