import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePayPal, type FakePayPal } from '../../../../test/fakes/fake-paypal.ts';
import { createPayPalClient } from './paypal.ts';

let fake: FakePayPal;
beforeAll(async () => {
  fake = await startFakePayPal();
});
afterAll(() => fake.close());

const item = (receiver: string, recipientType: 'EMAIL' | 'USER_HANDLE' = 'EMAIL') => ({
  receiver,
  recipientType,
  amount: '12.34',
  currency: 'EUR',
  senderItemId: 'item-1',
});

describe('PayPal Payouts adapter against the fake', () => {
  it('takes a token, sends a batch once per sender_batch_id and reads its status', async () => {
    const paypal = createPayPalClient(fake.url, fake.clientId, fake.clientSecret);
    await paypal.verify();
    const batch = await paypal.createBatch({
      senderBatchId: 'payout-1',
      emailSubject: 'You have a payout',
      items: [item('v@example.test')],
    });
    expect(batch).toEqual({ batchId: expect.any(String), status: 'PENDING' });
    const sent = JSON.parse(fake.requests.at(-1)!.text);
    expect(sent).toEqual({
      sender_batch_header: { sender_batch_id: 'payout-1', email_subject: 'You have a payout' },
      items: [
        {
          recipient_type: 'EMAIL',
          receiver: 'v@example.test',
          amount: { value: '12.34', currency: 'EUR' },
          sender_item_id: 'item-1',
          recipient_wallet: 'PAYPAL',
        },
      ],
    });
    // The same request id replays the first answer; without it, the reused sender_batch_id is refused.
    expect(
      await paypal.createBatch({ senderBatchId: 'payout-1', emailSubject: 'You have a payout', items: [item('v@example.test')] }),
    ).toEqual(batch);
    fake.forgetRequestIds();
    await expect(
      paypal.createBatch({ senderBatchId: 'payout-1', emailSubject: 'x', items: [item('v@example.test')] }),
    ).rejects.toMatchObject({ kind: 'duplicate' });
    expect(fake.batches.size).toBe(1);
    expect(await paypal.getBatch(batch.batchId)).toEqual({
      batchId: batch.batchId,
      status: 'SUCCESS',
      items: [{ itemId: expect.any(String), status: 'SUCCESS', senderItemId: 'item-1' }],
    });
  });

  it('pays a Venmo username to the Venmo wallet, reports failed items, refuses bad credentials', async () => {
    const paypal = createPayPalClient(fake.url, fake.clientId, fake.clientSecret);
    fake.failingReceivers.add('nobody@example.test');
    const venmo = await paypal.createBatch({ senderBatchId: 'payout-2', emailSubject: 's', items: [item('venmo-user', 'USER_HANDLE')] });
    expect(JSON.parse(fake.requests.at(-1)!.text).items[0]).toMatchObject({ recipient_type: 'USER_HANDLE', recipient_wallet: 'VENMO' });
    expect((await paypal.getBatch(venmo.batchId)).status).toBe('SUCCESS');
    const failing = await paypal.createBatch({ senderBatchId: 'payout-3', emailSubject: 's', items: [item('nobody@example.test')] });
    expect((await paypal.getBatch(failing.batchId)).items[0].status).toBe('FAILED');
    await expect(createPayPalClient(fake.url, fake.clientId, 'wrong').verify()).rejects.toMatchObject({
      kind: 'refused',
      status: 401,
      message: 'Client Authentication failed',
    });
  });
});
