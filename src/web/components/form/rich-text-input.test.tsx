import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next } from '#web/i18n/index.ts';
import { RichTextInput } from './rich-text-input.tsx';

// What Word (Windows, Office 365) puts on the clipboard for a bold title, a paragraph with italic and
// coloured text, and a two-item bulleted list.
const WORD = `<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word"><head><meta name=Generator content="Microsoft Word 15"><style><!--
p.MsoNormal {margin:0cm; font-size:11.0pt; font-family:"Calibri",sans-serif;}
--></style></head><body lang=EN-GB style='tab-interval:36.0pt;word-wrap:break-word'>
<!--StartFragment-->
<p class=MsoNormal><b><span lang=EN-US style='font-size:14.0pt;mso-bidi-font-size:11.0pt;line-height:107%'>Hand-thrown mug<o:p></o:p></span></b></p>
<p class=MsoNormal><span style='mso-ansi-language:EN-US'>Made of <i>stoneware</i>, glazed in <span style='color:#C00000'>red</span>.<o:p></o:p></span></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol;mso-fareast-font-family:Symbol;mso-bidi-font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]><span style='mso-ansi-language:EN-US'>Dishwasher safe<o:p></o:p></span></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol;mso-fareast-font-family:Symbol;mso-bidi-font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]><span style='mso-ansi-language:EN-US'>Microwave safe<o:p></o:p></span></p>
<!--EndFragment-->
</body></html>`;

// What Google Docs puts on the clipboard: everything inside a <b style="font-weight:normal"> wrapper,
// bold as a span's font-weight, a "Heading 1", and a list whose items hold paragraphs.
const DOCS = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-4c1a2b3c-7fff-1a2b-3c4d-0123456789ab"><h1 dir="ltr" style="line-height:1.38;margin-top:20pt;margin-bottom:6pt;"><span style="font-size:20pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">Hand-thrown mug</span></h1><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:700;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">Stoneware</span><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:italic;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">, glazed by hand.</span></p><ul style="margin-top:0;margin-bottom:0;padding-inline-start:48px;"><li dir="ltr" style="list-style-type:disc;font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;" aria-level="1"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;" role="presentation"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">Dishwasher safe</span></p></li></ul><br></b>`;

beforeAll(async () => {
  // jsdom lays nothing out; ProseMirror asks where the caret is to scroll it into view.
  const noRect = () => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) });
  Object.assign(Range.prototype, { getClientRects: () => [], getBoundingClientRect: noRect });
  Object.assign(Element.prototype, { getClientRects: () => [] });
  // The editor's chunk, as a browser would have it once fetched: the first render waits for no download.
  await import('./rich-text-editor.tsx');
  await i18next.loadNamespaces(['registration']);
  await i18next.changeLanguage('en');
});

/** The field as a form holds it: every answer the editor reports is recorded. */
function Field({ initial = '', onAnswer }: { initial?: string; onAnswer: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <span id="description-label">Description</span>
      <RichTextInput
        id="description"
        name="description"
        value={value}
        invalid={false}
        onChange={(html) => {
          setValue(html);
          onAnswer(html);
        }}
      />
    </>
  );
}

async function renderField(initial?: string) {
  const onAnswer = vi.fn<(html: string) => void>();
  render(<Field initial={initial} onAnswer={onAnswer} />);
  const box = await screen.findByRole('textbox', { name: 'Description' }, { timeout: 10_000 });
  return { box, onAnswer, last: () => onAnswer.mock.calls.at(-1)?.[0] };
}

function paste(box: HTMLElement, html: string) {
  const data: Record<string, string> = { 'text/html': html, 'text/plain': '' };
  fireEvent.paste(box, { clipboardData: { types: Object.keys(data), getData: (type: string) => data[type] ?? '', files: [], items: [] } });
}

describe('the rich-text field', () => {
  it('names every toolbar button in words, the link button too, in every language', async () => {
    for (const lang of ['en', 'nl', 'de', 'fr', 'es']) {
      await act(() => i18next.changeLanguage(lang));
      const { unmount } = render(<Field onAnswer={() => {}} />);
      const toolbar = await screen.findByRole('toolbar', undefined, { timeout: 10_000 });
      const names = within(toolbar)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label') ?? '');
      expect(names).toHaveLength(8);
      for (const name of names) expect(name, lang).toMatch(/^[\p{L} .-]+$/u);
      expect(toolbar.textContent).not.toContain('[object Object]');
      expect(toolbar.innerHTML).not.toContain('[object Object]');
      unmount();
    }
    await act(() => i18next.changeLanguage('en'));
  });

  it('shows the stored answer and reports headings and lists made with the toolbar', async () => {
    const { box, last } = await renderField('<p>Mug</p>');
    expect(box.innerHTML).toContain('Mug');
    fireEvent.click(screen.getByRole('button', { name: 'Heading' }));
    await waitFor(() => expect(last()).toBe('<h2>Mug</h2>'));
    expect(screen.getByRole('button', { name: 'Heading' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Heading' }));
    await waitFor(() => expect(last()).toBe('<p>Mug</p>'));
    fireEvent.click(screen.getByRole('button', { name: 'Bulleted list' }));
    await waitFor(() => expect(last()).toBe('<ul><li><p>Mug</p></li></ul>'));
    // the form around it re-rendered with each answer: the editable element keeps its name
    expect(screen.getByRole('textbox', { name: 'Description' })).toBe(box);
  });

  it('adds a link through a dialog, not a browser prompt, and refuses an address that is no web or mail address', async () => {
    const prompt = vi.spyOn(window, 'prompt');
    const { last } = await renderField('<p>Mug</p>');
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a link' });
    const address = within(dialog).getByLabelText('Link address');
    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Enter a web address (https://…) or an e-mail address');
    fireEvent.change(address, { target: { value: 'example.com/mugs' } });
    fireEvent.keyDown(address, { key: 'Enter' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(last()).toContain('<a href="https://example.com/mugs">example.com/mugs</a>');
    expect(prompt).not.toHaveBeenCalled();
  });

  it('keeps what Word’s clipboard means and drops its styles, classes, spans and bullets typed as text', async () => {
    const { box, last } = await renderField();
    paste(box, WORD);
    await waitFor(() => expect(last()).toBeTruthy());
    expect(last()).toBe(
      '<p><strong>Hand-thrown mug</strong></p><p>Made of <em>stoneware</em>, glazed in red.</p><ul><li><p>Dishwasher safe</p></li><li><p>Microwave safe</p></li></ul>',
    );
  });

  it('keeps what Google Docs’ clipboard means: not its bold wrapper, its heading as a heading, its font weights as bold', async () => {
    const { box, last } = await renderField();
    paste(box, DOCS);
    await waitFor(() => expect(last()).toBeTruthy());
    expect(last()).toBe(
      '<h2>Hand-thrown mug</h2><p><strong>Stoneware</strong><em>, glazed by hand.</em></p><ul><li><p>Dishwasher safe</p></li></ul>',
    );
  });
});
