import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_ACCOUNTS, describeInBrowser, launchBrowser, newPage, startProduct, submitSignIn } from './support/product.ts';

/** Two good products (the tee in two sizes) and a row without a price on line 5 (the header is line 1). */
const CSV = [
  'id,sku,price,compare price,stock,title,description,option1 name,option1 value',
  ',MUG-BLUE,12.50,,5,Blue stoneware mug,Hand thrown,,',
  ',TEE-S,19.99,24.99,Untracked,Linen tee,Washed linen,Size,S',
  ',TEE-M,19.99,24.99,3,Linen tee,Washed linen,Size,M',
  ',BAD-1,,,2,Tee without price,,,',
].join('\n');

describeInBrowser('the product CSV import screen', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;
  let dir: string;
  let csvPath: string;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
    dir = mkdtempSync(path.join(os.tmpdir(), 'mp-product-import-'));
    csvPath = path.join(dir, 'my-products.csv');
    writeFileSync(csvPath, CSV);
    copyFileSync(new URL('../test/fixtures/csv/platform-classic-no-skus.csv', import.meta.url), path.join(dir, 'products_export_1.csv'));
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function signIn(page: Page, email: string) {
    await submitSignIn(page, product.url, email);
    await page.getByTestId('user-name').waitFor();
  }

  it('a vendor checks a file, imports its good products and finds them in its list; another vendor does not see them', async () => {
    const page = await newPage(browser);
    await signIn(page, DEMO_ACCOUNTS.vendor1);

    // From the main menu to the import screen.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await page.getByText('No products yet').waitFor();
    await page.getByRole('link', { name: 'Import CSV' }).click();
    await page.waitForURL(`${product.url}/app/products/import`);
    await page.waitForFunction(() => document.title === 'Demo Marketplace · Import products');
    // a vendor's rows are its own: the help does not offer the vendor column
    const help = page.getByRole('complementary', { name: 'The CSV format' });
    await help.getByText('images', { exact: true }).waitFor();
    expect(await help.getByText('vendor', { exact: true }).count()).toBe(0);

    // Choosing the file uploads and checks it; nothing is written yet.
    await page.locator('input[type=file]').setInputFiles(csvPath);
    expect(await page.getByTestId('chosen-file').textContent()).toMatch(/^my-products\.csv \(\d+ B\)$/);
    await page.getByRole('heading', { name: 'Check of the file' }).waitFor();
    expect(await page.getByTestId('csv-format').textContent()).toBe('Our format');
    expect(await page.getByTestId('product-count').textContent()).toBe('2');
    await page.getByRole('heading', { name: '1 problem' }).waitFor();
    const problems = page.getByTestId('problem-row');
    expect(await problems.count()).toBe(1);
    expect(await problems.first().locator('td').allTextContents()).toEqual(['5', 'price', 'Required field']);
    await page.getByText('Nothing has been saved yet.').waitFor();

    // Confirm, and follow the import to its result.
    await page.getByRole('button', { name: 'Import 2 products' }).click();
    await expect
      .poll(
        () =>
          page
            .getByTestId('created-count')
            .textContent()
            .catch(() => null),
        { timeout: 20_000 },
      )
      .toBe('2');
    expect(await page.getByTestId('updated-count').textContent()).toBe('0');
    expect(await page.getByTestId('failed-count').textContent()).toBe('0');
    await page.getByRole('heading', { name: 'Import finished' }).waitFor();
    expect(await page.getByRole('link', { name: 'Go to products' }).getAttribute('href')).toBe('/app/products');
    expect(await page.getByRole('progressbar', { name: 'Import progress' }).getAttribute('value')).toBe('2');

    // Dropping the same file on a new import checks it again: its SKUs now update the products.
    await page.getByRole('button', { name: 'Import another file' }).click();
    const dropped = await page.evaluateHandle((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'dropped.csv', { type: 'text/csv' }));
      return transfer;
    }, CSV);
    await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: dropped });
    await page.getByTestId('chosen-file').getByText('dropped.csv').waitFor();
    await page.getByRole('button', { name: 'Import 2 products' }).waitFor();
    await page.getByRole('link', { name: '← Back to products' }).click();

    // The list opens on the Draft tab, where new products are.
    await page.waitForURL(`${product.url}/app/products`);
    await page.waitForFunction(() => document.title === 'Demo Marketplace · Products');
    const tabs = page.getByRole('navigation', { name: 'Status' });
    expect(await tabs.getByRole('link', { name: /^Draft/ }).getAttribute('aria-current')).toBe('page');
    await expect.poll(() => page.getByTestId('count-DRAFT').textContent()).toBe('2');
    const tee = page.getByTestId('product-row').filter({ has: page.getByRole('link', { name: 'Linen tee' }) });
    const mug = page.getByTestId('product-row').filter({ has: page.getByRole('link', { name: 'Blue stoneware mug' }) });
    await tee.waitFor();
    await mug.waitFor();
    expect(await tee.textContent()).toContain('2 variants');
    expect(await tee.textContent()).toContain('Pending review');
    expect(await mug.textContent()).toContain('5 in stock');
    expect(await tee.getByRole('link', { name: 'Linen tee' }).getAttribute('href')).toMatch(/^\/app\/products\/[\w-]+$/);
    // a vendor selects its products and sets them active or to draft; deleting is the marketplace's
    expect(await page.getByRole('checkbox').count()).toBe(3);
    await page.getByRole('button', { name: 'More actions for Linen tee' }).click();
    await page.getByRole('menuitem', { name: 'Set active' }).waitFor();
    expect(await page.getByRole('menuitem', { name: /Delete/ }).count()).toBe(0);
    await page.keyboard.press('Escape');

    // Filters live in the address: a search narrows the list and survives a reload.
    await page.getByRole('searchbox', { name: 'Search' }).fill('linen');
    await page.waitForURL(/\?q=linen$/);
    await expect.poll(() => page.getByTestId('product-row').count()).toBe(1);
    await page.reload();
    await tee.waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('linen');
    expect(await page.getByTestId('product-row').count()).toBe(1);

    // The export of the list downloads through the session.
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const link = page.getByRole('link', { name: 'Download CSV' });
    await link.waitFor({ timeout: 20_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const file = readFileSync((await download.path())!, 'utf8');
    expect(file).toContain('Linen tee');
    expect(file).not.toContain('Blue stoneware mug');

    // The export-ready e-mail's link reopens that export, ready to download again.
    let mail = '';
    await expect
      .poll(async () => (mail = await product.smtp.waitFor(DEMO_ACCOUNTS.vendor1)).includes('export is ready'), { timeout: 15_000 })
      .toBe(true);
    const exportLink = /https?:\/\/[^\s"<>]+\/app\/products\?export=[0-9a-f-]{36}/.exec(mail)?.[0];
    expect(exportLink).toBeDefined();
    await page.goto(exportLink!.replace(/^https?:\/\/[^/]+/, product.url));
    await page.getByRole('link', { name: 'Download CSV' }).waitFor();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.has('export')).toBe(false);

    // Every product the filter matches set active in one go, confirmed; the list then opens on Active, where they are.
    await page.goto(`${product.url}/app/products`);
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    const bulk = page.getByRole('region', { name: 'Selected products' });
    await bulk.getByText('2 products selected').waitFor();
    expect(await bulk.getByRole('button', { name: 'Set to draft' }).count()).toBe(0);
    expect(await bulk.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await bulk.getByRole('button', { name: 'Set active' }).click();
    const confirm = page.getByRole('dialog', { name: 'Set 2 products active?' });
    await confirm.getByRole('button', { name: 'Set active' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: '2 products set active' }).waitFor();
    await expect.poll(() => page.getByTestId('count-ACTIVE').textContent()).toBe('2');
    await page.goto(`${product.url}/app/products`);
    await page.waitForURL(/\?status=ACTIVE$/);
    expect(await tabs.getByRole('link', { name: /^Active/ }).getAttribute('aria-current')).toBe('page');
    await expect.poll(() => page.getByTestId('product-row').count()).toBe(2);
    await page.context().close();

    // Another vendor's list has none of them.
    const other = await newPage(browser);
    await signIn(other, DEMO_ACCOUNTS.vendor2);
    await other.goto(`${product.url}/app/products?status=ALL`);
    await other.getByText('No products yet').waitFor();
    expect(await other.getByTestId('count-ALL').textContent()).toBe('0');
    expect(await other.getByText('Linen tee').count()).toBe(0);
    expect(await other.getByText('Blue stoneware mug').count()).toBe(0);
    await other.context().close();
  });

  // Uses the products the vendor imported above.
  it('an admin sees whose products they are, approves two with a note in one go and deletes one', async () => {
    const page = await newPage(browser);
    await signIn(page, DEMO_ACCOUNTS.admin);
    await page.goto(`${product.url}/app/products?status=ALL`);
    const rows = page.getByTestId('product-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.first().textContent()).toContain('Vendor One');

    // What waits for approval is approved or rejected from its row; deleting is in the row's menu.
    await page
      .getByRole('navigation', { name: 'Status' })
      .getByRole('link', { name: /^Waiting for approval/ })
      .click();
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByRole('button', { name: 'Reject: Linen tee' }).waitFor();
    await page.getByRole('button', { name: 'Approve: Linen tee' }).waitFor();
    expect(
      await rows
        .first()
        .getByRole('button', { name: /^Delete/ })
        .count(),
    ).toBe(0);
    await page.getByRole('navigation', { name: 'Status' }).getByRole('link', { name: /^All/ }).click();
    await expect.poll(() => rows.count()).toBe(2);

    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    const bulk = page.getByRole('region', { name: 'Selected products' });
    await bulk.getByText('2 products selected').waitFor();
    await bulk.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve 2 products' });
    await dialog.getByLabel('Note (optional)').fill('Looks good');
    await dialog.getByRole('button', { name: 'Approve 2 products' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: '2 products approved' }).waitFor();
    await expect.poll(() => rows.filter({ hasText: 'Approved' }).count()).toBe(2);
    expect(await page.getByRole('checkbox', { name: 'Select Linen tee' }).isChecked()).toBe(false);

    await page.getByRole('button', { name: 'More actions for Blue stoneware mug' }).click();
    await page.getByRole('menuitem', { name: 'Delete…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Blue stoneware mug?' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => page.getByTestId('count-ALL').textContent()).toBe('1');

    // the vendor filter: Vendor Two has none
    await page.getByRole('combobox', { name: 'Vendor', exact: true }).and(page.locator('select')).selectOption('Vendor Two');
    await page.waitForURL(/vendor=Vendor\+Two/);
    await page.getByText('No products match these filters').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await page.context().close();
  });

  it("a vendor imports the platform's own export of a store without SKUs and finds its products", async () => {
    const page = await newPage(browser);
    await signIn(page, DEMO_ACCOUNTS.vendor2);
    await page.goto(`${product.url}/app/products/import`);
    await page.locator('input[type=file]').setInputFiles(path.join(dir, 'products_export_1.csv'));
    await page.getByRole('heading', { name: 'Check of the file' }).waitFor();
    expect(await page.getByTestId('csv-format').textContent()).toBe('Platform export (classic)');
    expect(await page.getByTestId('product-count').textContent()).toBe('2');
    expect(await page.getByTestId('problem-row').count()).toBe(0);
    await page.getByRole('button', { name: 'Import 2 products' }).click();
    await expect
      .poll(
        () =>
          page
            .getByTestId('created-count')
            .textContent()
            .catch(() => null),
        { timeout: 20_000 },
      )
      .toBe('2');
    expect(await page.getByTestId('failed-count').textContent()).toBe('0');

    // The same file again: nothing to change.
    await page.getByRole('button', { name: 'Import another file' }).click();
    await page.locator('input[type=file]').setInputFiles(path.join(dir, 'products_export_1.csv'));
    await page.getByRole('button', { name: 'Import 2 products' }).click();
    await expect
      .poll(
        () =>
          page
            .getByTestId('unchanged-count')
            .textContent()
            .catch(() => null),
        { timeout: 20_000 },
      )
      .toBe('2');
    expect(await page.getByTestId('created-count').textContent()).toBe('0');
    expect(await page.getByTestId('updated-count').textContent()).toBe('0');

    await page.goto(`${product.url}/app/products?status=ALL`);
    const shirt = page.getByTestId('product-row').filter({ has: page.getByRole('link', { name: 'Linen Shirt' }) });
    const mug = page.getByTestId('product-row').filter({ has: page.getByRole('link', { name: 'Stoneware Mug' }) });
    await shirt.waitFor();
    await mug.waitFor();
    expect(await shirt.textContent()).toContain('3 variants');
    expect(await shirt.textContent()).toContain('4 in stock');
    await page.context().close();
  });
});
