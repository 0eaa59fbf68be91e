import { describe, expect, it } from 'vitest';
import { Liquid } from 'liquidjs';
import { SPEC_TEMPLATES, TEMPLATE_NAMES } from '#shared/schemas/notifications';
import { htmlToText, parseTemplate, renderTemplate, TemplateError } from './render.ts';
import { ACCOUNT_LANGUAGES } from '#shared/schemas/account';
import { defaultText, sampleVars, TEMPLATES, templateVariables } from './templates/index.ts';

/** A strict engine: a variable the template uses but the catalogue does not document fails the render. */
const strict = new Liquid({ strictVariables: true, strictFilters: true, ownPropertyOnly: true });

describe('template catalogue', () => {
  it('has exactly the templates of the schema, each with a description, subject, body and documented variables', () => {
    expect(Object.keys(TEMPLATES).sort()).toEqual([...TEMPLATE_NAMES].sort());
    for (const name of SPEC_TEMPLATES) {
      const template = TEMPLATES[name];
      expect(template.description, name).not.toBe('');
      expect(template.subject, name).not.toBe('');
      expect(template.html, name).toContain('{{ shop_name }}');
      for (const [variable, doc] of Object.entries(templateVariables(name, 'EUR'))) {
        expect(doc.description, `${name}.${variable}`).not.toBe('');
        expect(doc.sample, `${name}.${variable}`).toBeDefined();
      }
    }
  });

  it.each(TEMPLATE_NAMES)('%s uses only documented variables and renders with its samples', async (name) => {
    const data = { shop_name: 'Demo Marketplace', store: 'demo', ...sampleVars(name, 'EUR') };
    const subject = await strict.parseAndRender(TEMPLATES[name].subject, data);
    const html = await strict.parseAndRender(TEMPLATES[name].html, data);
    expect(subject.trim()).not.toBe('');
    expect(html).toContain('Demo Marketplace');
    // The production engine gives the same text.
    expect(await renderTemplate(TEMPLATES[name].html, data)).toBe(html);
  });

  it.each(TEMPLATE_NAMES.filter((name) => !name.startsWith('doc-')))(
    '%s is written in every mail language, with the same variables and its own words',
    async (name) => {
      const data = { shop_name: 'Demo Marketplace', store: 'demo', ...sampleVars(name, 'EUR') };
      const english = await strict.parseAndRender(TEMPLATES[name].html, data);
      for (const language of ACCOUNT_LANGUAGES.filter((l) => l !== 'en')) {
        const text = defaultText(name, language);
        expect(await strict.parseAndRender(text.subject, data), `${name} ${language}`).not.toBe('');
        const html = await strict.parseAndRender(text.html, data);
        expect(html, `${name} ${language}`).toContain('Demo Marketplace');
        expect(html, `${name} ${language}`).not.toBe(english);
      }
    },
  );

  it('samples are overridden by params', () => {
    expect(sampleVars('auth-invite', 'EUR', { vendor: 'Other' })).toMatchObject({ vendor: 'Other', code: '48213095' });
  });

  it("prices the samples in the store's currency, as the real mails are formatted", () => {
    expect(sampleVars('order-placed', 'USD')).toMatchObject({ total: '$66.50', line_items: [{ price: '$24.00' }, { price: '$18.50' }] });
    expect(sampleVars('order-placed', 'JPY').total).toBe('¥6,650');
    expect(templateVariables('offer-received', 'GBP').price.sample).toBe('£24.00');
  });
});

describe('sandboxed rendering', () => {
  const data = { user: { name: 'Ann', email: 'ann@shop.test' }, vendor: 'Shop' };

  it.each([
    ["{% include '/etc/passwd' %}", /include tag is not allowed/],
    ["{% render 'secrets' %}", /render tag is not allowed/],
    ["{% layout 'base' %}", /layout tag is not allowed/],
    ['{% block x %}{% endblock %}', /block tag is not allowed/],
    ['{{ vendor | eval }}', /undefined filter: eval/],
    ['Hello {{ vendor', /not closed, line:1, col:7/],
    ["{{ constructor.constructor('return process')() }}", /line:1/],
  ])('refuses %s at parse time', (source, message) => {
    expect(() => parseTemplate(source)).toThrow(TemplateError);
    expect(() => parseTemplate(source)).toThrow(message);
  });

  it.each([
    '{{ constructor.constructor }}',
    '{{ this }}',
    '{{ user.__proto__ }}',
    '{{ user.__proto__.constructor }}',
    '{{ user.constructor.name }}',
    '{{ user.toString }}',
    '{{ user.hasOwnProperty }}',
    '{{ process.env }}',
    '{{ global.process }}',
    '{{ require }}',
    "{{ user['__proto__'] }}",
    '{{ vendor.constructor.prototype }}',
    '{{ vendor.length.constructor }}',
  ])('%s reaches nothing', async (source) => {
    let output = '';
    try {
      output = await renderTemplate(source, data);
    } catch (error) {
      // Refusing is as good as printing nothing.
      expect(error).toBeInstanceOf(TemplateError);
    }
    expect(output).not.toMatch(/function|native code|\[object|process|Object/);
    expect(output.trim()).toBe('');
  });

  it('escapes variables in bodies, not in subjects', async () => {
    expect(await renderTemplate('<p>{{ vendor }}</p>', { vendor: '<script>alert(1)</script>' })).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
    expect(await renderTemplate('{{ vendor }} & co', { vendor: 'A & B' }, 'text')).toBe('A & B & co');
  });

  it('stops a huge loop (memory) and a long one (renderLimit) with a TemplateError', async () => {
    await expect(renderTemplate('{% for i in (1..100000000) %}x{% endfor %}', {})).rejects.toThrow(/memory alloc limit exceeded/);
    const started = Date.now();
    await expect(renderTemplate('{% for i in (1..100000) %}{% for j in (1..100000) %}{% endfor %}{% endfor %}', {})).rejects.toThrow(
      /render limit exceeded/,
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('htmlToText', () => {
  it('keeps links and decodes entities once', () => {
    expect(htmlToText('<p>Hi &amp;lt;b&amp;gt;</p><p><a href="https://x.test/a?b=1&amp;c=2">Go</a></p>')).toBe(
      'Hi &lt;b&gt;\nGo (https://x.test/a?b=1&c=2)',
    );
  });
});
