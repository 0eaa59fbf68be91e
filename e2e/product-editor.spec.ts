import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { metafieldDefinitions } from '../src/server/db/schema/index.ts';
import { patchStoreSettings } from '../src/server/modules/settings/store-settings.ts';
import { DEMO_ACCOUNTS, describeInBrowser, launchBrowser, startProduct, signedInPage } from './support/product.ts';

const TITLE = 'Linen shirt';
/** A paragraph and a two-item bulleted list as Word puts them on the clipboard. */
const WORD_LIST = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoListParagraph {margin-left:36.0pt}</style></head><body lang=EN-GB>
<!--StartFragment--><p class=MsoNormal><span style='mso-ansi-language:EN-US'>Care:<o:p></o:p></span></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp; </span></span></span><![endif]><span lang=EN-US>Washes well<o:p></o:p></span></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp; </span></span></span><![endif]><span lang=EN-US>Machine washable<o:p></o:p></span></p><!--EndFragment--></body></html>`;
const VARIANTS = [
  { name: 'S / Red', price: '10', stock: '5' },
  { name: 'S / Blue', price: '11', stock: '6' },
  { name: 'M / Red', price: '12.50', stock: '7' },
  { name: 'M / Blue', price: '13', stock: '0' },
];

describeInBrowser('the product editor', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;
  let dir: string;
  let pngPath: string;
  let secondPngPath: string;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
    dir = mkdtempSync(path.join(os.tmpdir(), 'mp-product-editor-'));
    pngPath = path.join(dir, 'shirt.png');
    // A shirt-coloured shape on a plain backdrop: something for the background removal to keep.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="320" height="240" fill="#ffffff"/><rect x="100" y="50" width="120" height="140" rx="12" fill="#0ea5e9"/></svg>`;
    await sharp(Buffer.from(svg)).png().toFile(pngPath);
    secondPngPath = path.join(dir, 'scarf.png');
    await sharp({ create: { width: 200, height: 100, channels: 3, background: '#f97316' } })
      .png()
      .toFile(secondPngPath);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const signIn = (email: string) => signedInPage(browser, product.url, email);

  /** Types the values of an option as chips: each value, then Enter. */
  async function addOption(page: Page, position: number, name: string, values: string[]) {
    await page.getByRole('button', { name: 'Add option' }).click();
    const group = page.getByRole('group', { name: `Option ${position}` });
    await group.getByLabel('Option name', { exact: true }).fill(name);
    const input = group.getByLabel('Values', { exact: true });
    for (const value of values) {
      await input.fill(value);
      await input.press('Enter');
    }
  }

  it('a vendor creates a product with two options, four variants and an uploaded image; an admin approves it; the public catalog lists it', async () => {
    const vendor = await signIn(DEMO_ACCOUNTS.vendor1);
    await vendor.goto(`${product.url}/app/products/new`);
    await vendor.getByRole('heading', { level: 1, name: 'New product' }).waitFor();
    await vendor.waitForFunction(() => document.title === 'Demo Marketplace · New product');
    await vendor.getByText('Variants with neither a price nor a stock are left out when you save.').waitFor();

    // A save without a title: "Required" under it, and the keyboard lands there.
    await vendor.getByRole('button', { name: 'Save', exact: true }).click();
    await vendor.locator('#product-title-error').getByText('Required').waitFor();
    await expect.poll(() => vendor.evaluate(() => document.activeElement?.id)).toBe('product-title');
    await vendor.getByText('Add at least one variant with a price and a stock').waitFor();

    await vendor.getByLabel('Title', { exact: true }).fill(TITLE);
    await vendor.getByText(`${TITLE.length} / 255 characters`).waitFor();
    const description = vendor.getByRole('textbox', { name: /^Description/ });
    await description.fill('Light summer shirt.');
    // A link through the editor's dialog: the whole sentence becomes the link.
    await description.selectText();
    await vendor.getByRole('button', { name: 'Link' }).click();
    const linkDialog = vendor.getByRole('dialog', { name: 'Add a link' });
    await linkDialog.getByLabel('Link address').fill('example.com/shirts');
    await linkDialog.getByRole('button', { name: 'Apply' }).click();
    await linkDialog.waitFor({ state: 'detached' });
    // Text pasted from Word keeps its list and loses Word's classes, styles and typed bullets.
    await description.press('Control+End');
    await description.press('Enter');
    await description.evaluate((element, html) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', 'Washes well');
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, WORD_LIST);

    await addOption(vendor, 1, 'Size', ['S', 'M']);
    await addOption(vendor, 2, 'Color', ['Red', 'Blue']);
    // the table is the combinations of the values, in order
    const rows = vendor.getByTestId('variant-row').locator('> div > p');
    await expect.poll(() => rows.allTextContents()).toEqual(VARIANTS.map((v) => v.name));
    for (const variant of VARIANTS) {
      await vendor.getByLabel(`Price, ${variant.name}`, { exact: true }).fill(variant.price);
      await vendor.getByLabel(`Stock, ${variant.name}`, { exact: true }).fill(variant.stock);
      await vendor.getByLabel(`Track stock, ${variant.name}`, { exact: true }).check();
    }
    // At 1440 px every variant field is inside its section: none cut off or scrolled out of sight.
    await vendor.setViewportSize({ width: 1440, height: 900 });
    const outside = await vendor
      .getByTestId('variant-row')
      .first()
      .evaluate((row) => {
        const section = row.closest('section')!.getBoundingClientRect();
        return [...row.querySelectorAll('input, select')].filter((field) => {
          const box = field.getBoundingClientRect();
          return box.left < section.left || box.right > section.right;
        }).length;
      });
    expect(outside).toBe(0);
    await vendor.getByLabel('SKU, S / Red', { exact: true }).fill('SHIRT-S-RED');
    // taxable and requires shipping start ticked
    expect(await vendor.getByLabel('Taxable, M / Blue', { exact: true }).isChecked()).toBe(true);
    expect(await vendor.getByLabel('Requires shipping, M / Blue', { exact: true }).isChecked()).toBe(true);

    await vendor.getByLabel('Upload images').setInputFiles(pngPath);
    const tile = vendor.getByRole('listitem', { name: 'Image 1' });
    await tile.waitFor();
    await expect.poll(() => tile.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    const uploadedSrc = await tile.locator('img').getAttribute('src');
    expect(uploadedSrc).toMatch(/\/api\/cdn\/files\/demo\/stage-upload\/[0-9a-f-]{36}\.png$/);
    // Background removal: the image is replaced by the new transparent PNG.
    await tile.getByRole('button', { name: 'Remove the background of image 1' }).click();
    await expect
      .poll(() => tile.locator('img').getAttribute('src'), { timeout: 20_000 })
      .toMatch(/\/api\/cdn\/files\/demo\/product-images\/[0-9a-f-]{36}\.png$/);
    await vendor.getByLabel('Alt text, image 1').fill('A blue shirt');
    await vendor.getByText('1 / 100 images').waitFor();

    await vendor.getByRole('combobox', { name: 'Status', exact: true }).selectOption('ACTIVE');
    await vendor.getByRole('button', { name: 'Save', exact: true }).click();
    await vendor.waitForURL(/\/app\/products\/[0-9a-f-]{36}$/);
    const productId = vendor.url().split('/').pop()!;
    await vendor.getByRole('status').getByText('Saved').waitFor();
    await vendor.waitForFunction((title) => document.title === `Demo Marketplace · ${title}`, TITLE);
    // read back as stored (prices in the currency's decimals); a vendor's product waits for review
    expect(await vendor.getByLabel('Price, M / Red', { exact: true }).inputValue()).toBe('12.50');
    expect(await vendor.getByLabel('SKU, S / Red', { exact: true }).inputValue()).toBe('SHIRT-S-RED');
    expect(await vendor.getByLabel('Stock, M / Blue', { exact: true }).inputValue()).toBe('0');
    expect(await vendor.getByTestId('approval-state').textContent()).toBe('Pending review');
    const stored = await description.innerHTML();
    expect(stored).toContain('<p><a href="https://example.com/shirts">Light summer shirt.</a></p>');
    expect(stored).toContain('<li><p>Washes well</p></li><li><p>Machine washable</p></li></ul>');
    expect(stored).not.toMatch(/class=|style=|Mso|·|<span/);
    await vendor.context().close();

    const admin = await signIn(DEMO_ACCOUNTS.admin);
    await admin.goto(`${product.url}/app/products/${productId}`);
    await admin.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    expect(await admin.getByTestId('approval-state').textContent()).toBe('Pending review');
    await admin.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: 'Approve this product' });
    await dialog.getByLabel('Note (optional)').fill('Looks good');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => admin.getByTestId('approval-state').textContent()).toBe('Approved');
    expect(await admin.getByTestId('approval-note').textContent()).toBe('Looks good');

    // Active already (the vendor chose it); an admin would set it here otherwise.
    const status = admin.getByRole('combobox', { name: 'Status', exact: true });
    if ((await status.inputValue()) !== 'ACTIVE') {
      await status.selectOption('ACTIVE');
      await admin.getByRole('button', { name: 'Save', exact: true }).click();
      await admin.getByRole('status').getByText('Saved').waitFor();
    }

    // The change log: who approved it, with the note.
    await admin.getByRole('tab', { name: 'Change log' }).click();
    const approved = admin.getByRole('listitem').filter({ hasText: 'Note: Looks good' });
    await approved.waitFor();
    expect(await approved.textContent()).toContain(DEMO_ACCOUNTS.admin);
    await admin.context().close();

    const response = await fetch(`${product.url}/api/public/catalog?store=demo&id=${productId}`);
    expect(response.status).toBe(200);
    const { products } = (await response.json()) as {
      products: {
        id: string;
        title: string;
        vendor: string;
        images: { src: string; alt: string }[];
        options: { name: string; values: string[] }[];
        variants: { title: string; price: string }[];
      }[];
    };
    expect(products).toHaveLength(1);
    const [listed] = products;
    expect(listed).toMatchObject({ id: productId, title: TITLE, vendor: 'Vendor One' });
    expect(listed.options).toEqual([
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Color', values: ['Red', 'Blue'] },
    ]);
    expect(listed.variants.map((v) => v.price)).toEqual(['10.00', '11.00', '12.50', '13.00']);
    expect(listed.images).toHaveLength(1);
    expect(listed.images[0].alt).toBe('A blue shirt');
    // the image without its background, served
    expect(listed.images[0].src).toMatch(/\/product-images\//);
    const served = await fetch(listed.images[0].src);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).hasAlpha).toBe(true);
  });

  it('an admin: required and conditional metafields, a server refusal under its field, keyboard reordering, translations that go out of date', async () => {
    await patchStoreSettings(product.db, 'demo', { translations: { enabled: true, locales: ['nl'] } });
    await product.db.insert(metafieldDefinitions).values([
      {
        storeId: 'demo',
        owner: 'products',
        key: 'material',
        position: 0,
        definition: { key: 'material', name: 'Material', type: 'select', options: ['Cotton', 'Wool'], required: true, description: '' },
      },
      {
        storeId: 'demo',
        owner: 'products',
        key: 'care',
        position: 1,
        definition: { key: 'care', name: 'Care', type: 'textarea', description: 'How to wash it {show:material|showWhen:Wool}' },
      },
    ]);
    const admin = await signIn(DEMO_ACCOUNTS.admin);
    await admin.goto(`${product.url}/app/products/new`);
    await admin.getByLabel('Title', { exact: true }).fill('Wool scarf');
    await admin.getByLabel('Price, Default', { exact: true }).fill('20');
    await admin.getByLabel('Stock, Default', { exact: true }).fill('3');
    // the marketplace view names the vendor; one that does not exist is only known to the server
    await admin.getByRole('region', { name: 'Publishing' }).getByLabel('Vendor', { exact: true }).fill('Nobody');

    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await admin.getByRole('alert').getByText('Some metafields are required').waitFor();
    await admin.locator('#product-metafield-0-error').getByText('Required').waitFor();
    await expect.poll(() => admin.evaluate(() => document.activeElement?.id)).toBe('product-metafield-0');
    // shown only for wool, live
    expect(await admin.getByLabel('Care (optional)').count()).toBe(0);
    await admin.getByLabel('Material', { exact: true }).selectOption('Wool');
    await admin.getByLabel('Care (optional)').fill('Hand wash cold');
    await expect.poll(() => admin.getByText('Some metafields are required').count()).toBe(0);

    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await admin.locator('#product-vendor-error').getByText('Unknown vendor').waitFor();
    await expect.poll(() => admin.evaluate(() => document.activeElement?.id)).toBe('product-vendor');
    await admin.getByRole('region', { name: 'Publishing' }).getByLabel('Vendor', { exact: true }).fill('Vendor Two');

    // two images at once; the second moved first with the keyboard, then a copy of it from its URL
    await admin.getByLabel('Upload images').setInputFiles([pngPath, secondPngPath]);
    await admin.getByRole('listitem', { name: 'Image 2' }).waitFor();
    await admin.getByLabel('Alt text, image 1').fill('Front');
    await admin.getByLabel('Alt text, image 2').fill('Back');
    await admin.getByRole('button', { name: 'Move image 2 up' }).focus();
    await admin.keyboard.press('Enter');
    await expect.poll(() => admin.getByLabel('Alt text, image 1').inputValue()).toBe('Back');
    expect(await admin.getByLabel('Alt text, image 2').inputValue()).toBe('Front');
    const backSrc = (await admin.getByRole('listitem', { name: 'Image 1' }).locator('img').getAttribute('src'))!;
    await admin.getByRole('button', { name: 'Media from URL' }).click();
    const urlDialog = admin.getByRole('dialog', { name: 'Add media from a URL' });
    await urlDialog.getByLabel('URL').fill(new URL(backSrc, product.url).href);
    await urlDialog.getByRole('button', { name: 'Save' }).click();
    await admin.getByRole('listitem', { name: 'Image 3' }).waitFor();
    await admin.getByRole('button', { name: 'Delete image 3' }).click();
    await admin.getByText('2 / 100 images').waitFor();

    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await admin.waitForURL(/\/app\/products\/[0-9a-f-]{36}$/);
    await admin.getByRole('status').getByText('Saved').waitFor();
    expect(await admin.getByLabel('Alt text, image 1').inputValue()).toBe('Back');
    expect(await admin.getByLabel('Care (optional)').inputValue()).toBe('Hand wash cold');
    // an admin's product is approved at once
    expect(await admin.getByTestId('approval-state').textContent()).toBe('Approved');

    await admin.getByRole('tab', { name: 'Translations' }).click();
    await admin.getByLabel('Title, translation').fill('Wollen sjaal');
    await admin.getByRole('button', { name: 'Save translations' }).click();
    await admin.getByRole('tabpanel').getByRole('status').getByText('Saved').waitFor();
    expect(await admin.getByTestId('outdated').count()).toBe(0);

    // the source changes: the translation is outdated until confirmed
    await admin.getByRole('tab', { name: 'Product' }).click();
    await admin.getByLabel('Title', { exact: true }).fill('Wool scarf XL');
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await admin.getByRole('status').getByText('Saved').waitFor();
    await admin.getByRole('tab', { name: 'Translations' }).click();
    await admin.getByTestId('outdated').waitFor();
    expect(await admin.getByLabel('Title, translation').inputValue()).toBe('Wollen sjaal');
    await admin.getByRole('button', { name: 'Mark as up to date' }).click();
    await expect.poll(() => admin.getByTestId('outdated').count()).toBe(0);

    await admin.getByRole('tab', { name: 'Change log' }).click();
    await admin.getByRole('listitem').filter({ hasText: 'Translated' }).first().waitFor();
    await admin.getByRole('cell', { name: 'Wool scarf XL', exact: false }).first().waitFor();
    await admin.context().close();
  });
});
