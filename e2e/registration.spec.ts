import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { stores, vendorApplications } from '../src/server/db/schema/index.ts';
import { describeInBrowser, launchBrowser, newPage, startProduct } from './support/product.ts';

/** Tailwind's orange-600, as Chromium reports it: the colour of "Required field". */
const ORANGE_600 = 'oklch(0.646 0.222 41.116)';
/** Tailwind's red-600: the colour of a failed submit. */
const RED_600 = 'oklch(0.577 0.245 27.325)';

const THANK_YOU = "Thank you for your application, we'll get back to you shortly.";

describeInBrowser('the vendor registration screen', () => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let browser: Browser;
  let dir: string;
  let pdfPath: string;
  let pngPath: string;
  let galleryPngPath: string;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
    dir = mkdtempSync(path.join(os.tmpdir(), 'mp-registration-'));
    pdfPath = path.join(dir, 'extract.pdf');
    writeFileSync(pdfPath, '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    pngPath = path.join(dir, 'logo.png');
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#4f46e5' } })
      .png()
      .toFile(pngPath);
    galleryPngPath = path.join(dir, 'photo.png');
    await sharp({ create: { width: 120, height: 80, channels: 3, background: '#f97316' } })
      .png()
      .toFile(galleryPngPath);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function openForm(): Promise<Page> {
    const page = await newPage(browser);
    await page.goto(`${product.url}/app/login/register`);
    await page.getByRole('heading', { name: 'Vendor application' }).waitFor();
    return page;
  }

  const submitButton = (page: Page) => page.getByRole('button', { name: 'Send application' });
  const group = (page: Page, name: RegExp) => page.getByRole('group', { name });

  it("shows 'Required field' in orange under every required field left empty", async () => {
    const page = await openForm();
    expect(await page.title()).toBe('Demo Marketplace · Vendor application');
    // optional fields say so in their label
    await page.getByText('About your shop (optional)').waitFor();
    await submitButton(page).click();

    const required = page.locator('[role=alert]', { hasText: 'Required field' });
    await required.nth(6).waitFor();
    // email, vendor name, and the demo's required fields: company, categories, country, terms, logo
    expect(await required.count()).toBe(7);
    // keyboard users land on the first field to fix
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('registration-email');
    for (const color of await required.evaluateAll((nodes) => nodes.map((n) => getComputedStyle(n).color))) {
      expect(color).toBe(ORANGE_600);
    }
    const errorOf = async (labelled: string) =>
      page.locator(`#${await page.getByLabel(labelled, { exact: true }).getAttribute('id')}-error`).textContent();
    expect(await errorOf('Email')).toBe('Required field');
    expect(await errorOf('Vendor name')).toBe('Required field');
    expect(await errorOf('Company name')).toBe('Required field');
    expect(await errorOf('Country')).toBe('Required field');
    expect(await errorOf('I agree to the terms and conditions')).toBe('Required field');
    expect(
      await group(page, /^Categories/)
        .getByText('Required field')
        .count(),
    ).toBe(1);
    expect(
      await group(page, /^Shop logo/)
        .getByText('Required field')
        .count(),
    ).toBe(1);
    // optional ones are not flagged
    expect(
      await group(page, /^Chamber of commerce extract/)
        .getByText('Required field')
        .count(),
    ).toBe(0);
    await page.context().close();
  });

  it('refuses images over the limits with an alert, and explains a failed upload', async () => {
    const page = await openForm();
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    const logoInput = group(page, /^Shop logo/).locator('input[type=file]');

    const huge = await sharp({ create: { width: 5001, height: 5001, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    await logoInput.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: huge });
    await expect.poll(() => alerts).toEqual(['Maximum image size is 25MP']);

    await logoInput.setInputFiles({ name: 'heavy.png', mimeType: 'image/png', buffer: Buffer.alloc(20 * 1024 * 1024 + 1, 1) });
    await expect.poll(() => alerts).toEqual(['Maximum image size is 25MP', 'Maximum image size is 20MB']);

    // Not a PNG inside: the browser cannot measure it, the server refuses it.
    await logoInput.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await group(page, /^Shop logo/)
      .getByText(
        'Your image could not be uploaded. The image must: maximum size 20MB (megabytes); maximum resolution 20MP (megapixels); aspect ratio between 100:1 and 1:100; file type accepted JPEG, PNG, WEBP, HEIC, and GIF.',
      )
      .waitFor();
    await page.context().close();
  });

  it('sends every kind of answer, uploads included, and stores the application', async () => {
    const page = await openForm();
    await page.getByLabel('Email').fill('  Jane.Doe@Example.TEST ');
    await page.getByLabel('Vendor name').fill('Jane’s Goods');
    await page.getByLabel('Company name').fill('Jane BV');
    await page.getByLabel('About your shop (optional)').fill('Ceramics and prints');

    const story = page.getByRole('textbox', { name: /Your story/ });
    // every formatting button is named in words (the link button was "[object Object]")
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    // The editor loads on its own: its buttons come after the form.
    await toolbar.getByRole('button', { name: 'Link' }).waitFor();
    expect(await toolbar.getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')))).toEqual([
      'Bold',
      'Italic',
      'Underline',
      'Heading',
      'Subheading',
      'Bulleted list',
      'Numbered list',
      'Link',
    ]);
    expect(await toolbar.textContent()).not.toContain('object');
    await story.click();
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Handmade');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' since 2010');

    await page.getByLabel('Home', { exact: true }).check();
    await page.getByLabel('Art', { exact: true }).check();
    await page.getByLabel('Country').selectOption('Germany');
    expect(await page.getByLabel('Country').locator('option').first().textContent()).toBe('-');

    // file: empty → uploaded, reset clears it, upload again
    const kvk = group(page, /^Chamber of commerce extract/);
    await kvk.locator('input[type=file]').setInputFiles(pdfPath);
    await kvk.getByText('File uploaded').waitFor();
    await kvk.getByRole('button', { name: 'Reset' }).click();
    await kvk.locator('input[type=file]').setInputFiles(pdfPath);
    await kvk.getByText('File uploaded').waitFor();
    const pdfLocation = await kvk.getByRole('link', { name: 'Open' }).getAttribute('href');
    expect(pdfLocation).toMatch(/\/api\/cdn\/files\/demo\/metafield-file\/[\w-]+\.pdf$/);

    await page.getByLabel('I agree to the terms and conditions').check();
    expect(await page.getByRole('link', { name: 'Read the terms and conditions' }).getAttribute('href')).toBe('https://example.com/terms');

    const video = page.locator('iframe[title="How selling here works"]');
    expect(await video.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(await video.evaluate((node) => [node.getBoundingClientRect().width, node.getBoundingClientRect().height])).toEqual([490, 276]);

    // image: uploaded with a preview that enlarges on click
    const logo = group(page, /^Shop logo/);
    await logo.locator('input[type=file]').setInputFiles(pngPath);
    const preview = logo.locator('img');
    await preview.waitFor();
    const logoSrc = await preview.getAttribute('src');
    expect(logoSrc).toMatch(/\/api\/cdn\/files\/demo\/metafield-file\/[\w-]+\.png$/);
    expect(await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
    await logo.getByRole('button', { name: 'Enlarge' }).click();
    const enlarged = page.getByRole('dialog');
    expect(await enlarged.locator('img').evaluate((img) => getComputedStyle(img).maxHeight)).toBe('800px');
    await enlarged.getByRole('button', { name: 'Close' }).click();
    await enlarged.waitFor({ state: 'detached' });

    // media: an uploaded image, and a video from a URL
    const gallery = group(page, /^Product photos or videos/);
    await gallery.locator('input[type=file]').setInputFiles(galleryPngPath);
    await gallery.locator('img').waitFor();
    expect(await gallery.locator('img').evaluate((img) => getComputedStyle(img).maxHeight)).toBe('600px');
    await gallery.getByRole('button', { name: 'Media from URL' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add media from a URL' });
    const save = dialog.getByRole('button', { name: 'Save' });
    await dialog.getByText('Nothing to preview').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('URL').fill('not a url');
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('URL').fill(`${product.url}/app/login`);
    await dialog.getByText('Provided url is not an image').waitFor();
    expect(await dialog.getByText('⚠').count()).toBe(1);
    await dialog.getByLabel('URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await dialog.waitFor({ state: 'detached' });
    await gallery.locator('iframe').waitFor();

    // a failing submit shows the answer's message in red under the button, cleared on the next try
    await page.route('**/api/vendor/application', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Applications are paused for a minute' }),
      }),
    );
    await submitButton(page).click();
    const failure = page.getByRole('alert').filter({ hasText: 'Applications are paused for a minute' });
    await failure.waitFor();
    expect(await failure.evaluate((node) => getComputedStyle(node).color)).toBe(RED_600);
    await page.unroute('**/api/vendor/application');

    // a name that is already a vendor of the store is refused at once, said under the button (and the field)
    await page.getByLabel('Vendor name').fill('Vendor One');
    await submitButton(page).click();
    await page.getByRole('alert').filter({ hasText: 'A vendor with this name already exists' }).first().waitFor();
    expect(await failure.count()).toBe(0);
    await page.getByLabel('Vendor name').fill('Jane’s Goods');

    await submitButton(page).click();
    await page.getByText(THANK_YOU).waitFor();
    expect(await failure.count()).toBe(0);
    expect(await page.locator('form').count()).toBe(0);

    const [application] = await product.db.select().from(vendorApplications).where(eq(vendorApplications.email, 'jane.doe@example.test'));
    expect(application).toMatchObject({ storeId: 'demo', vendorName: 'Jane’s Goods', status: 'unconfirmed' });
    const answers = Object.fromEntries(application.fields.map((f) => [f.key, f.value]));
    expect(answers.company).toBe('Jane BV');
    expect(answers.about).toBe('Ceramics and prints');
    // A space typed right after bold is switched off may reach the editor as a no-break space (the browser keeps it from collapsing).
    expect(String(answers.story).replace(/\u00a0/g, ' ')).toBe('<p><strong>Handmade</strong> since 2010</p>');
    expect(answers.categories).toEqual(['Home', 'Art']);
    expect(answers.country).toBe('Germany');
    expect(answers.kvk).toBe(pdfLocation);
    expect(answers.terms).toBe(true);
    expect(answers.logo).toBe(`UPLOAD_ME#IMAGE#${logoSrc}`);
    expect(answers.gallery).toEqual([
      expect.stringMatching(/^UPLOAD_ME#IMAGE#http:\/\/127\.0\.0\.1:\d+\/api\/cdn\/files\/demo\/metafield-file\/[\w-]+\.png$/),
      'UPLOAD_ME#EXTERNAL_VIDEO#https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    ]);
    expect(application.fields.find((f) => f.key === 'company')?.name).toBe('Company name');

    // the uploaded files are the bytes we sent
    const pdf = await fetch(pdfLocation!);
    expect(pdf.status).toBe(200);
    expect((await pdf.text()).startsWith('%PDF-1.4')).toBe(true);
    await page.context().close();
  });

  it("speaks the reader's language", async () => {
    const context = await browser.newContext({ locale: 'nl-NL' });
    const page = await context.newPage();
    await page.goto(`${product.url}/app/login/register`);
    // The store's word in Dutch: the plain Dutch word while the admin set none.
    await page.getByRole('heading', { name: 'Aanmelding als verkoper' }).waitFor();
    await page.getByText('About your shop (optioneel)').waitFor();
    await page.getByRole('button', { name: 'Aanmelding versturen' }).click();
    await page.locator('[role=alert]', { hasText: 'Verplicht veld' }).nth(6).waitFor();
    await context.close();
  });

  it('says registration is disabled when the store does not take applications', async () => {
    await product.db
      .update(stores)
      .set({
        settings: sql`jsonb_set(jsonb_set(${stores.settings}, '{registration,enableApproval}', 'false'), '{wordings}', '{"vendor": "seller"}')`,
      })
      .where(eq(stores.id, 'demo'));
    const page = await newPage(browser);
    await page.goto(`${product.url}/app/login/register`);
    await page.getByText('Vendor registration is currently disabled.').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Create a seller account');
    expect(await page.title()).toBe('Demo Marketplace · Create a seller account');
    expect(await page.locator('form').count()).toBe(0);
    await page.context().close();
  });
});
