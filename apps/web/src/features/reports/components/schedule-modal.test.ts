import { describe, expect, it } from 'vitest';
import { recipientsError, splitAddresses } from './schedule-modal.tsx';

describe('the schedule recipients', () => {
  it('turns pasted lists into one address a tag, without separators or repeats', () => {
    expect(splitAddresses(['a@x.com, b@y.com;', 'c@z.com', 'a@x.com'])).toEqual(['a@x.com', 'b@y.com', 'c@z.com']);
    expect(splitAddresses(['finance@example.com,'])).toEqual(['finance@example.com']);
  });

  it("names the address the contract refused, or says the list's own problem", () => {
    expect(recipientsError({ 'recipients.1': 'Email address is invalid' }, ['a@x.com', 'nope'])).toBe('nope: Email address is invalid');
    expect(recipientsError({ recipients: 'Add at least one recipient' }, [])).toBe('Add at least one recipient');
    expect(recipientsError({ name: 'Name is required' }, ['a@x.com'])).toBeUndefined();
  });
});
