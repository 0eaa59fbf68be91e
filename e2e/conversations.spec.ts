import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_ACCOUNTS, apiAs, describeInBrowser, launchBrowser, newPage, startProduct, signedInPage } from './support/product.ts';
import { wholeProduct } from '../test/support/whole-product.ts';

describeInBrowser('the conversations screen', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;
  let productId: string;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
    const admin = await apiAs(product.url, DEMO_ACCOUNTS.admin);
    await admin('PATCH', '/api/app/info/features', { features: { features: { messages: { enabled: true } } } });
    ({ productId } = await admin('PUT', '/api/products-v2', {
      product: wholeProduct({
        title: 'Chat mug',
        vendor: 'Vendor One',
        status: 'ACTIVE',
        variants: [{ price: '20.00', stock: 5, sku: 'CHAT-MUG' }],
      }),
    }));
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it("a buyer's message reaches the vendor's open inbox, and the vendor's answer reaches the buyer", async () => {
    const page = await signedInPage(browser, product.url, DEMO_ACCOUNTS.vendor1);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Conversations' }).click();
    await page.getByRole('heading', { level: 1, name: 'Conversations' }).waitFor();
    await page.getByText('No conversations yet').waitFor();
    await page.getByTestId('live-state').getByText('Live', { exact: true }).waitFor();

    // The buyer writes from the storefront; the open inbox shows it without a reload.
    const started = await fetch(`${product.url}/api/conversations/chat-with-seller`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        store: 'demo',
        productId,
        email: 'ann@buyer.example',
        name: 'Ann Buyer',
        text: 'Is this mug dishwasher safe?',
      }),
    });
    expect(started.status, await started.clone().text()).toBe(201);
    const { conversationId, token } = (await started.json()) as { conversationId: string; token: string };
    const row = page.getByRole('button', { name: /Ann Buyer/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Is this mug dishwasher safe?');
    expect(await row.getByLabel('1 unread message').count()).toBe(1);

    await row.click();
    await page.waitForURL(`${product.url}/app/conversations?conversationId=${conversationId}`);
    const messages = page.getByRole('list', { name: 'Messages' });
    await messages.getByText('Is this mug dishwasher safe?').waitFor();
    await page.getByRole('button', { name: 'View product' }).waitFor();
    await page.getByLabel('Message', { exact: true }).fill('Yes, it is.');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await messages.getByText('Yes, it is.').waitFor();
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('');

    // The buyer reads the answer with its token.
    const read = await fetch(`${product.url}/api/conversations?conversationId=${conversationId}`, { headers: { 'x-buyer-token': token } });
    expect(read.status).toBe(200);
    const { messages: seen } = (await read.json()) as { messages: { sender: string; text: string }[] };
    expect(seen.map((m) => [m.sender, m.text])).toEqual([
      ['buyer', 'Is this mug dishwasher safe?'],
      ['seller', 'Yes, it is.'],
    ]);

    // The buyer follows the link of its mail, reads the answer and writes again: the vendor's open chat shows it live.
    const buyerPage = await newPage(browser);
    await buyerPage.goto(`${product.url}/app/chat/${token}`);
    await buyerPage.getByRole('heading', { name: 'Conversation with Vendor One' }).waitFor();
    await buyerPage.getByRole('list', { name: 'Messages' }).getByText('Yes, it is.').waitFor();
    await buyerPage.getByLabel('Message', { exact: true }).fill('Great, I will order two.');
    await buyerPage.getByRole('button', { name: 'Send', exact: true }).click();
    await buyerPage.getByRole('list', { name: 'Messages' }).getByText('Great, I will order two.').waitFor();
    await messages.getByText('Great, I will order two.').waitFor();
  });

  it('an admin moderating reads a message as written, beside what the buyer and the seller read', async () => {
    const started = await fetch(`${product.url}/api/conversations/chat-with-seller`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        store: 'demo',
        productId,
        email: 'ben@buyer.example',
        name: 'Ben Buyer',
        text: 'Cheaper outside? Call me on 06-12345678 / 020-5551234',
      }),
    });
    expect(started.status, await started.clone().text()).toBe(201);
    const { conversationId, message } = (await started.json()) as { conversationId: string; message: { text: string } };
    expect(message.text).toBe('Cheaper outside? Call me on [hidden] / [hidden]');

    const page = await signedInPage(browser, product.url, DEMO_ACCOUNTS.admin);
    await page.goto(`${product.url}/app/conversations?conversationId=${conversationId}`);
    const messages = page.getByRole('list', { name: 'Messages' });
    await messages.getByText('Cheaper outside? Call me on 06-12345678 / 020-5551234', { exact: true }).waitFor();
    const partiesRead = messages.getByText('Buyer and seller read:');
    await partiesRead.waitFor();
    expect(await partiesRead.locator('..').textContent()).toBe('Buyer and seller read: Cheaper outside? Call me on [hidden] / [hidden]');

    // The vendor reads only the masked text.
    const vendorPage = await signedInPage(browser, product.url, DEMO_ACCOUNTS.vendor1);
    await vendorPage.goto(`${product.url}/app/conversations?conversationId=${conversationId}`);
    const vendorMessages = vendorPage.getByRole('list', { name: 'Messages' });
    await vendorMessages.getByText('Cheaper outside? Call me on [hidden] / [hidden]', { exact: true }).waitFor();
    expect(await vendorMessages.textContent()).not.toContain('12345678');
    expect(await vendorMessages.getByText('Buyer and seller read:').count()).toBe(0);
  });
});
