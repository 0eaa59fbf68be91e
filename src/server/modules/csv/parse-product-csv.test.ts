import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseProductCsv, parseProductCsvStream, type ImportedProduct } from './parse-product-csv.ts';
import { PLATFORM_CLASSIC_COLUMNS } from './csv-test-kit.ts';

const csv = (...lines: string[]) => Buffer.from(lines.join('\n'));
const vendor = { isAdmin: false };
const HEAD =
  'id,sku,vendor,price,compare price,weight,weight unit,stock,title,images,description,option1 name,option1 value,option2 name,option2 value,option3 name,option3 value';
const classicHeader = PLATFORM_CLASSIC_COLUMNS.map((c) => JSON.stringify(c)).join(',');
const classicRow = (fields: Record<string, string>) => PLATFORM_CLASSIC_COLUMNS.map((c) => JSON.stringify(fields[c] ?? '')).join(',');

describe('our CSV format', () => {
  it('groups rows of one title into a product with its options and variants', () => {
    const result = parseProductCsv(
      csv(
        HEAD,
        ',TS-S-RED,,19.99,25,0.2,KILOGRAMS,5,T-shirt,"https://cdn.test/a.png https://cdn.test/b.png",Soft cotton,Size,S,Color,Red,,',
        ',TS-M-RED,,19.99,,0.2,KILOGRAMS,Untracked,T-shirt,,,Size,M,Color,Red,,',
        ',MUG-1,,"8,50",,,,,Mug,,,,,,,,',
      ),
      vendor,
    );
    expect(result.format).toBe('marketplace');
    expect(result.errors).toEqual([]);
    expect(result.products).toHaveLength(2);
    const [shirt, mug] = result.products;
    expect(shirt).toMatchObject({
      title: 'T-shirt',
      bodyHtml: 'Soft cotton',
      line: 2,
      options: [
        { name: 'Size', values: ['S', 'M'] },
        { name: 'Color', values: ['Red'] },
      ],
    });
    expect(shirt.images!.map((i) => i.src)).toEqual(['https://cdn.test/a.png', 'https://cdn.test/b.png']);
    expect(shirt.variants.map((v) => [v.sku, v.price, v.compareAt, v.stock, v.options])).toEqual([
      ['TS-S-RED', '19.99', '25', 5, ['S', 'Red']],
      ['TS-M-RED', '19.99', null, null, ['M', 'Red']],
    ]);
    expect(mug.variants[0]).toMatchObject({ price: '8.5', weightUnit: 'KILOGRAMS', options: [] });
  });

  it('lists each bad row with its line and the spec message, and leaves those products out', () => {
    const result = parseProductCsv(
      csv(
        HEAD,
        ',,,10,,,,,No sku,,,,,,,,',
        ',A1,,,,,,,No price,,,,,,,,',
        ',A2,,-1,,,,,Negative,,,,,,,,',
        ',A3,,1,,,LITERS,,Bad unit,,,,,,,,',
        ',A4,,1,,,,,Bad image,not-a-url,,,,,,,',
        ',A5,,1,,,,,Half option,,,Size,,,,,',
        ',A6,,1,,,,,Second only,,,,,Color,Red,,',
        ',A7,,1,,,,many,Bad stock,,,,,,,,',
        ',A8,,1,,,,,,,,,,,,,',
        ',A9,,1,,,,,Good,,,,,,,,',
        ',A9,,1,,,,,Dup sku,,,,,,,,',
      ),
      vendor,
    );
    const byLine = (line: number) => result.errors.filter((e) => e.line === line).map((e) => `${e.column}: ${e.message}`);
    expect(byLine(2)).toEqual(['sku: Required field']);
    expect(byLine(3)).toEqual(['price: Required field']);
    expect(byLine(4)).toEqual(['price: Must be a number of 0 or more']);
    expect(byLine(5)).toEqual(['weight unit: Must be one of GRAMS, KILOGRAMS, OUNCES, POUNDS']);
    expect(byLine(6)).toEqual(['images: Must be a valid URL']);
    expect(byLine(7)).toEqual(['option1 value: Required field']);
    expect(byLine(8)).toContain('option2 name: Option 2 needs option 1');
    expect(byLine(9)).toEqual(['stock: Must be a whole number or Untracked']);
    expect(byLine(10)).toEqual(['title: Required field']);
    expect(byLine(12)).toEqual(['sku: This SKU is already used on row 11']);
    expect(result.products.map((p) => p.title)).toEqual(['Good']);
  });

  it('refuses the vendor column from a vendor, accepts it from an admin', () => {
    const file = csv(HEAD, ',V1,Vendor Two,1,,,,,Mine,,,,,,,,');
    expect(parseProductCsv(file, vendor).errors).toEqual([{ line: 2, column: 'vendor', message: 'Only an admin can set the vendor' }]);
    expect(parseProductCsv(file, { isAdmin: true }).products[0].vendor).toBe('Vendor Two');
  });

  it('refuses unknown and missing columns, bad encodings and empty files as a whole', () => {
    expect(() => parseProductCsv(csv('sku,title,price,colour', 'a,b,1,red'), vendor)).toThrow('Unknown columns are not allowed: colour');
    expect(() => parseProductCsv(csv('sku,title', 'a,b'), vendor)).toThrow('Missing columns: price');
    expect(() => parseProductCsv(Buffer.from([0x73, 0x6b, 0x75, 0x0a, 0xff, 0xfe, 0x41]), vendor)).toThrow(/not UTF-8/);
    expect(() => parseProductCsv(Buffer.from(''), vendor)).toThrow('The file is empty');
  });

  it('reports a broken quote on its row', () => {
    const result = parseProductCsv(csv('sku,title,price', 'a,"Open quote,1'), vendor);
    expect(result.errors).toContainEqual({ line: 2, message: 'A quote is not closed' });
    expect(result.products).toEqual([]);
  });

  it('handles 10,000 bad rows with one error each', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => `,S${i},,,,,,,Title ${i},,,,,,,,`);
    const result = parseProductCsv(csv(HEAD, ...rows), vendor);
    expect(result.errors).toHaveLength(10_000);
    expect(result.errors[9_999]).toMatchObject({ line: 10_001, column: 'price', message: 'Required field' });
    expect(result.products).toEqual([]);
  });
});

describe('the stored file, read as a stream', () => {
  /** The file in chunks of `size` bytes, so rows, quotes and multi-byte letters are cut across chunks. */
  async function* chunks(bytes: Buffer, size: number) {
    for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
  }
  /**
   * The stream's reading, with a `restart` that drops what was handed over when `restartable`: the
   * products in the order they came, and how often the file was opened and the reading restarted.
   */
  async function handedOver(bytes: () => AsyncIterable<Uint8Array>, restartable = false) {
    let products: ImportedProduct[] = [];
    const counts = { opens: 0, restarts: 0 };
    const restart = async () => {
      counts.restarts++;
      products = [];
    };
    const parsed = await parseProductCsvStream(
      async () => (counts.opens++, bytes()),
      vendor,
      async (batch) => void products.push(...batch),
      7,
      restartable ? restart : undefined,
    );
    return { result: { ...parsed, products }, ...counts };
  }
  /** The products handed over, in the file's order as the whole file's reading gives them. */
  async function streamed(bytes: () => AsyncIterable<Uint8Array>, restartable = false) {
    const { result } = await handedOver(bytes, restartable);
    return { ...result, products: result.products.sort((a, b) => a.line - b.line) };
  }

  // Bad rows (a missing price) amid products of 3 rows, some products' rows split apart by them, and a broken quote.
  const mixed = csv(
    `\uFEFF${HEAD}`,
    ...Array.from({ length: 300 }, (_, i) =>
      i % 7 === 3
        ? `,S${i},,,,,,,Tëst ${i},,,,,,,,`
        : `,S${i},,${i}.5,,1,KILOGRAMS,${i % 2 ? 'Untracked' : 3},"Lämp, ""große"" ${Math.floor(i / 3)}",,<p>ü</p>,Size,${['S', 'M', 'L'][i % 3]},,,,`,
    ),
    ',x,,1,,,,,"Open quote',
  );

  it('reads the same products, problems and warnings as the whole file, whatever the chunks', async () => {
    const whole = parseProductCsv(mixed, vendor);
    expect(whole.products.length).toBeGreaterThan(50);
    expect(whole.errors.length).toBeGreaterThan(40);
    for (const size of [1, 7, 4096]) expect(await streamed(() => chunks(mixed, size))).toEqual(whole);
  });

  it('hands each product over at its last row, a batch at a time, reading on only once the batch is done', async () => {
    // Product "Apart" has its first and its last row at the two ends of the file.
    const rows = [
      ',A-1,,1,,,,,Apart,,,Size,S,,,,',
      ...Array.from({ length: 40 }, (_, i) => `,T${i},,1,,,,,Title ${i},,,,,,,,`),
      ',A-2,,1,,,,,Apart,,,Size,M,,,,',
    ];
    const seen: string[][] = [];
    let working = false;
    await parseProductCsvStream(
      async () => chunks(csv(HEAD, ...rows), 64),
      vendor,
      async (batch) => {
        expect(working).toBe(false);
        working = true;
        await new Promise((resolve) => setTimeout(resolve, 1));
        seen.push(batch.map((p) => p.title));
        working = false;
      },
      10,
    );
    expect(seen.map((b) => b.length)).toEqual([10, 10, 10, 10, 1]);
    expect(seen.flat().at(-1)).toBe('Apart');
    expect(seen.flat().slice(0, 40)).toEqual(Array.from({ length: 40 }, (_, i) => `Title ${i}`));
  });

  const titles = Array.from({ length: 30 }, (_, i) => `,T${i},,1,,,,,Title ${i},,,,,,,,`);

  it('refuses what the whole file is refused for, with the same messages, read once or twice', async () => {
    const goodThenNotUtf8 = Buffer.concat([csv(HEAD, ...titles, ''), Buffer.from([0xff])]);
    for (const restartable of [false, true]) {
      await expect(streamed(() => chunks(csv('sku,title,price,colour', 'a,b,1,red'), 3), restartable)).rejects.toThrow(
        'Unknown columns are not allowed: colour',
      );
      await expect(streamed(() => chunks(Buffer.from([0x73, 0x6b, 0x75, 0x0a, 0xff, 0xfe, 0x41]), 2), restartable)).rejects.toThrow(
        /not UTF-8/,
      );
      await expect(streamed(() => chunks(goodThenNotUtf8, 64), restartable)).rejects.toThrow(/not UTF-8/);
      await expect(streamed(() => chunks(Buffer.from(''), 1), restartable)).rejects.toThrow('The file is empty');
      await expect(streamed(() => chunks(csv('sku,title,price'), 5), restartable)).resolves.toMatchObject({
        rowCount: 0,
        products: [],
        errors: [],
      });
      let read = 0;
      async function* endless() {
        yield Buffer.from('sku,title,price,colour\n');
        for (;;) {
          read++;
          yield Buffer.from('a,b,1,red\n');
        }
      }
      await expect(streamed(endless, restartable)).rejects.toThrow('Unknown columns are not allowed: colour');
      expect(read).toBeLessThan(100);
    }
  });

  it('refuses a file of more than 200,000 rows read once, as read twice', async () => {
    const file = Buffer.from(`sku,title,price\n${Array.from({ length: 200_001 }, (_, i) => `S${i},T${i},1\n`).join('')}`);
    for (const restartable of [false, true])
      await expect(streamed(() => chunks(file, 1 << 16), restartable)).rejects.toThrow('The file has more than 200000 rows');
  });

  const vase = classicRow({
    Handle: 'vase',
    Title: 'Vase',
    'Option1 Name': 'Size',
    'Option1 Value': 'Small',
    'Variant SKU': 'V-S',
    'Variant Price': '30',
    'Image Src': 'https://cdn.test/v1.png',
    'Image Position': '2',
  });
  const vaseLarge = classicRow({ Handle: 'vase', 'Option1 Value': 'Large', 'Variant SKU': 'V-L', 'Variant Price': '45' });
  const vaseImage = classicRow({ Handle: 'vase', 'Image Src': 'https://cdn.test/v2.png', 'Image Position': '1' });
  const card = classicRow({
    Handle: 'card',
    Title: 'Card',
    'Option1 Name': 'Title',
    'Option1 Value': 'Default Title',
    'Variant SKU': 'C-1',
    'Variant Price': '2.5',
  });
  const fixture = (name: string) => readFileSync(new URL(`../../../../test/fixtures/csv/${name}`, import.meta.url));

  /** Files whose products' rows are together (read once) or not (read once, then restarted on two passes). */
  const files: { name: string; file: Buffer; together: boolean }[] = [
    {
      name: 'ours, with bad rows, rows without a title amid a product, titles differing in case, a broken quote',
      together: true,
      // Rows without a title all join one refused group, whose later rows are not refused again: amid Lamp's rows, they do not split it.
      file: csv(
        HEAD,
        ',,,1,,,,,,,,,,,,,',
        ...titles.slice(0, 10),
        ',L-S,,5,,,,,Lamp,,,Size,S,,,,',
        ',E-1,,3,,,,,,,,,,,,,',
        ',L-M,,5,,,,,LAMP,,,Size,M,,,,',
        ',D-1,,free,,,,,Desk,,,Size,S,,,,',
        ',D-2,,4,,,,,Desk,,,Size,M,,,,',
        ',,,1,,,,,Chair,,,,,,,,',
        ',C-2,,1,,,,,Chair,,,,,,,,,extra',
        ...titles.slice(10),
        ',E-2,,3,,,,,,,,,,,,,',
        ',x,,1,,,,,"Open quote',
      ),
    },
    {
      name: 'ours, one product at both ends',
      together: false,
      file: csv(HEAD, ',A-1,,1,,,,,Apart,,,Size,S,,,,', ...titles, ',A-2,,1,,,,,Apart,,,Size,M,,,,'),
    },
    // Read into its (failed) product, the last row takes its option name; read on its own, it would be refused for lacking one.
    {
      name: 'ours, a bad product at both ends',
      together: false,
      file: csv(HEAD, ',B-1,,-1,,,,,Bad,,,Size,S,,,,', ...titles, ',B-2,,1,,,,,Bad,,,,M,,,,'),
    },
    {
      name: 'ours, one title in other cases apart',
      together: false,
      file: csv(HEAD, ',L-1,,1,,,,,Lamp,,,,,,,,', ...titles.slice(0, 3), ',L-2,,1,,,,,lAMP,,,,,,,,'),
    },
    { name: 'ours, bad rows splitting products', together: false, file: mixed },
    { name: 'classic, an image-only row', together: true, file: csv(classicHeader, vase, vaseLarge, vaseImage, card) },
    { name: 'classic, an image-only row apart', together: false, file: csv(classicHeader, vase, vaseLarge, card, vaseImage) },
    { name: 'classic fixture of 2019', together: true, file: fixture('platform-classic-2019.csv') },
    { name: 'classic fixture without SKUs', together: true, file: fixture('platform-classic-no-skus.csv') },
    { name: 'current fixture, CRLF and BOM', together: true, file: fixture('platform-current-crlf-bom.csv') },
  ];

  it('reads once or restarts on two passes with the same answer as two passes and as the whole file', async () => {
    for (const { name, file } of files) {
      const whole = parseProductCsv(file, vendor);
      for (const size of [7, 4096]) {
        const twice = await handedOver(() => chunks(file, size));
        const once = await handedOver(() => chunks(file, size), true);
        // Products in the order of their last rows, as two passes hand them over.
        expect(once.result, name).toEqual(twice.result);
        expect({ ...once.result, products: once.result.products.sort((a, b) => a.line - b.line) }, name).toEqual(whole);
      }
    }
  });

  it("opens the file once when each product's rows are together, else restarts once and opens it twice more", async () => {
    for (const { name, file, together } of files) {
      const { opens, restarts } = await handedOver(() => chunks(file, 64), true);
      expect({ name, opens, restarts }).toEqual({ name, opens: together ? 1 : 3, restarts: together ? 0 : 1 });
    }
  });
});

describe('the platform exports', () => {
  it('reads the classic header set: handle groups, image-only rows, grams, tracker, barcode warning', () => {
    const result = parseProductCsv(
      csv(
        PLATFORM_CLASSIC_COLUMNS.map((c) => JSON.stringify(c)).join(','),
        classicRow({
          Handle: 'vase',
          Title: 'Vase',
          'Body (HTML)': '<p>Blue</p>',
          'Option1 Name': 'Size',
          'Option1 Value': 'Small',
          'Variant SKU': 'V-S',
          'Variant Grams': '500',
          'Variant Inventory Tracker': 'shopify',
          'Variant Inventory Qty': '3',
          'Variant Price': '30.00',
          'Variant Barcode': '3.65275E+11',
          'Image Src': 'https://cdn.test/vase.png',
          Status: 'active',
          'SEO Title': 'Blue vase',
        }),
        classicRow({ Handle: 'vase', 'Option1 Value': 'Large', 'Variant SKU': 'V-L', 'Variant Grams': '900', 'Variant Price': '45.00' }),
        classicRow({ Handle: 'vase', 'Image Src': 'https://cdn.test/vase-2.png' }),
        classicRow({
          Handle: 'card',
          Title: 'Card',
          'Option1 Name': 'Title',
          'Option1 Value': 'Default Title',
          'Variant SKU': 'C-1',
          'Variant Price': '2.5',
        }),
      ),
      vendor,
    );
    expect(result.format).toBe('platform-classic');
    expect(result.errors).toEqual([]);
    const [vase, card] = result.products;
    expect(vase).toMatchObject({
      handle: 'vase',
      title: 'Vase',
      status: 'ACTIVE',
      seo: { title: 'Blue vase', description: '' },
      options: [{ name: 'Size', values: ['Small', 'Large'] }],
    });
    expect(vase.images!.map((i) => i.src)).toEqual(['https://cdn.test/vase.png', 'https://cdn.test/vase-2.png']);
    expect(vase.variants.map((v) => [v.sku, v.weight, v.weightUnit, v.stock, v.barcode])).toEqual([
      // A mangled barcode is not imported (an update keeps the stored one); an empty one is empty.
      ['V-S', 500, 'GRAMS', 3, undefined],
      ['V-L', 900, 'GRAMS', null, ''],
    ]);
    expect(result.warnings[0]).toMatchObject({ line: 2, column: 'barcode' });
    expect(card.options).toEqual([]);
  });

  it('refuses broken classic files: missing columns, bad encoding, bad rows and quotes, each with its line', () => {
    const header = PLATFORM_CLASSIC_COLUMNS.map((c) => JSON.stringify(c)).join(',');
    const withoutPrice = PLATFORM_CLASSIC_COLUMNS.filter((c) => c !== 'Variant Price').join(',');
    expect(() => parseProductCsv(csv(withoutPrice, 'vase,Vase'), vendor)).toThrow('Missing columns: variant price');
    expect(() => parseProductCsv(Buffer.concat([Buffer.from(`${header}\n`), Buffer.from([0x76, 0x61, 0xe9, 0x0a])]), vendor)).toThrow(
      /not UTF-8/,
    );
    const result = parseProductCsv(
      csv(
        header,
        classicRow({ Handle: 'vase', Title: 'Vase', 'Variant SKU': 'V-1', 'Variant Price': 'cheap' }),
        classicRow({ Handle: 'mug', Title: 'Mug', 'Variant SKU': 'M-1', 'Variant Price': '-3' }),
        classicRow({ Handle: 'cup', Title: 'Cup', 'Variant SKU': 'C-1', 'Variant Price': '4', 'Image Src': 'not a url' }),
        classicRow({ Handle: 'ok', Title: 'Fine', 'Variant SKU': 'F-1', 'Variant Price': '5' }),
        '"broken,"quote',
      ),
      vendor,
    );
    expect(result.format).toBe('platform-classic');
    expect(result.errors).toEqual([
      { line: 2, column: 'price', message: 'Must be a number of 0 or more' },
      { line: 3, column: 'price', message: 'Must be a number of 0 or more' },
      { line: 4, column: 'images', message: 'Must be a valid URL' },
      // A row the parser could not split reports that alone, not its shifted fields.
      { line: 6, message: 'A quote is misplaced' },
      { line: 6, message: 'A quote is not closed' },
      { line: 6, message: 'The row has fewer columns than the header' },
    ]);
    expect(result.products.map((p) => p.title)).toEqual(['Fine']);
  });

  it('refuses broken current files: missing columns, rows without a price; ignores columns it does not use', () => {
    // Columns the platform adds over the years are not ours to refuse (our own format still refuses them).
    expect(parseProductCsv(csv('Title,URL handle,SKU,Price,Colour', 'Lamp,lamp,L-1,5,red'), vendor).products.map((p) => p.title)).toEqual([
      'Lamp',
    ]);
    expect(() => parseProductCsv(csv('Title,URL handle,SKU', 'Lamp,lamp,L-1'), vendor)).toThrow('Missing columns: price');
    const result = parseProductCsv(csv('Title,URL handle,SKU,Price', 'Lamp,lamp,L-1,', 'Desk,desk,D-1,12'), vendor);
    expect(result.errors).toEqual([expect.objectContaining({ line: 2, message: 'Required field' })]);
    expect(result.products.map((p) => p.title)).toEqual(['Desk']);
  });

  it('reads the current header set with metafield columns', () => {
    const header =
      'Title,URL handle,Description,Vendor,Status,SKU,Barcode,Option1 name,Option1 value,Price,Compare-at price,Inventory tracker,Inventory quantity,Weight value (grams),Product image URL,Material (product.metafields.custom.material)';
    const result = parseProductCsv(
      csv(
        header,
        'Lamp,lamp,Bright,,draft,L-1,12345,Color,White,59.90,79.90,shopify,4,1200,https://cdn.test/lamp.png,Brass',
        ',lamp,,,,L-2,,,Black,59.90,,,,1200,,',
      ),
      vendor,
    );
    expect(result.format).toBe('platform-current');
    expect(result.errors).toEqual([]);
    expect(result.products[0]).toMatchObject({
      title: 'Lamp',
      status: 'DRAFT',
      metafields: [{ namespace: 'custom', key: 'material', value: 'Brass' }],
    });
    expect(result.products[0].variants.map((v) => [v.sku, v.price, v.compareAt, v.stock, v.options])).toEqual([
      ['L-1', '59.9', '79.9', 4, ['White']],
      ['L-2', '59.9', null, null, ['Black']],
    ]);
  });
});

describe('the platform quirks and our own export', () => {
  it('needs no SKU in the platform files, and the rows after a bad first row still inherit its option names', () => {
    const result = parseProductCsv(
      csv(
        classicHeader,
        classicRow({ Handle: 'tee', Title: 'Tee', 'Option1 Name': 'Size', 'Option1 Value': 'S', 'Variant Price': 'free' }),
        classicRow({ Handle: 'tee', 'Option1 Value': 'M', 'Variant Price': '10' }),
        classicRow({ Handle: 'cap', Title: 'Cap', 'Option1 Name': 'Color', 'Option1 Value': 'Red', 'Variant Price': '8' }),
        classicRow({ Handle: 'cap', 'Option1 Value': 'Blue', 'Variant Price': '8' }),
      ),
      vendor,
    );
    // Only the bad price: no "sku: Required field", no "option1 name: Required field" on line 3.
    expect(result.errors).toEqual([{ line: 2, column: 'price', message: 'Must be a number of 0 or more' }]);
    expect(result.products.map((p) => [p.handle, p.options, p.variants.map((v) => [v.sku, v.options])])).toEqual([
      [
        'cap',
        [{ name: 'Color', values: ['Red', 'Blue'] }],
        [
          ['', ['Red']],
          ['', ['Blue']],
        ],
      ],
    ]);
  });

  it("drops the apostrophe that keeps spreadsheets off codes and formulas, and reads our export's header set", () => {
    const header =
      'ID,Handle,Title,Description,Vendor,Status,Approved,Variant ID,SKU,Barcode,Price,Compare Price,Weight,Weight Unit,Stock,Images,Option1 Name,Option1 Value,SEO Title,SEO Description,Updated At';
    const result = parseProductCsv(
      csv(
        header,
        `p1,lamp,'=Lamp,Oak,Vendor One,ACTIVE,true,v1,'-L1,'3212483,5,,1,KILOGRAMS,Untracked,http://127.0.0.1:3000/api/cdn/files/a.png,Shade,White,Lamp,,2026-01-01T00:00:00.000Z`,
      ),
      { isAdmin: false, ownVendor: 'Vendor One', publicUrl: 'http://127.0.0.1:3000' },
    );
    expect(result).toMatchObject({ format: 'marketplace', errors: [] });
    const [lamp] = result.products;
    expect(lamp).toMatchObject({
      id: 'p1',
      title: '=Lamp',
      status: 'ACTIVE',
      seo: { title: 'Lamp', description: '' },
      images: [{ src: '/api/cdn/files/a.png' }],
    });
    expect(lamp.variants[0]).toMatchObject({ id: 'v1', sku: '-L1', barcode: '3212483', stock: null });
    // Another vendor's name is still refused from a vendor.
    const other = parseProductCsv(csv(header, `p1,lamp,Lamp,,Vendor Two,,,,L1,,5,,,,,,,,,,`), { isAdmin: false, ownVendor: 'Vendor One' });
    expect(other.errors).toEqual([{ line: 2, column: 'vendor', message: 'Only an admin can set the vendor' }]);
    expect(() => parseProductCsv(csv(`${header},Colour`, 'a'), vendor)).toThrow('Unknown columns are not allowed: Colour');
  });
});
