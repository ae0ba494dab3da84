import { describe, expect, it } from 'vitest';
import { type EntryValues, serverFieldErrors, trimEntry, validateEntry } from './validate';

const filled: EntryValues = {
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: '',
  queueId: '2',
  message: 'My order is late',
};

describe('validateEntry', () => {
  it('accepts a complete form', () => {
    expect(validateEntry(filled, true)).toEqual({});
  });

  it('gives the spec sentence for every missing required field', () => {
    const blank = { name: ' ', email: '', phone: '', queueId: '', message: '\n ' };
    expect(validateEntry(blank, true)).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      queueId: 'Please select what area you need help with',
      message: 'Please describe how we can help you',
    });
  });

  it('rejects a malformed email after trimming', () => {
    expect(validateEntry({ ...filled, email: ' ann@ ' }, false).email).toBe(
      'Please enter a valid email address',
    );
    expect(validateEntry({ ...filled, email: ' ann@example.com ' }, false).email).toBeUndefined();
  });

  it('asks for a topic only when the link named no queue and queues exist', () => {
    expect(validateEntry({ ...filled, queueId: '' }, false).queueId).toBeUndefined();
  });

  it('treats phone as optional', () => {
    expect(validateEntry({ ...filled, phone: '' }, true).phone).toBeUndefined();
  });
});

describe('trimEntry', () => {
  it('trims every value', () => {
    expect(trimEntry({ name: ' a ', email: ' b ', phone: ' ', queueId: ' 1', message: ' m ' })).toEqual({
      name: 'a',
      email: 'b',
      phone: '',
      queueId: '1',
      message: 'm',
    });
  });
});

describe('serverFieldErrors', () => {
  it('puts the server 422 messages under the matching inputs', () => {
    expect(
      serverFieldErrors({
        'customer_info.email': ['Please enter a valid email address'],
        initial_message: ['Please describe how we can help you'],
        unrelated: ['x'],
      }),
    ).toEqual({
      email: 'Please enter a valid email address',
      message: 'Please describe how we can help you',
    });
  });
});
