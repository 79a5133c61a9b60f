import { describe, expect, it } from 'vitest';
import { receiptOf } from './mailer.ts';

describe('receiptOf', () => {
  it.each([
    ['250 2.0.0 Ok: queued as 4F3A2C1D9', { reply: '250 2.0.0', queueId: '4F3A2C1D9' }],
    ['250 OK id=1t2Xyz-000Abc-3Q', { reply: '250', queueId: '1t2Xyz-000Abc-3Q' }],
    ['250 Message accepted for delivery', { reply: '250', queueId: null }],
    [undefined, { reply: null, queueId: null }],
  ])('%s -> the codes and the queue id, nothing else of the text', (response, receipt) => {
    expect(receiptOf(response)).toEqual(receipt);
  });

  it('never keeps an address the server quoted', () => {
    expect(JSON.stringify(receiptOf('250 2.1.5 <ada@example.test>... Recipient ok'))).not.toContain('ada');
  });
});
