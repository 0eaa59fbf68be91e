import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from './control-props.ts';
import { labelId } from './field-shell.tsx';
import { sanitizeRichText } from './sanitize-rich-text.ts';

type Command = 'bold' | 'italic' | 'underline' | 'insertUnorderedList' | 'insertOrderedList' | 'createLink';

const LINK_ICON = (
  <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-4" aria-hidden="true">
    <path d="M8.5 11.5a3 3 0 0 0 4.2 0l2.8-2.8a3 3 0 0 0-4.2-4.2l-1 1" strokeLinecap="round" />
    <path d="M11.5 8.5a3 3 0 0 0-4.2 0l-2.8 2.8a3 3 0 0 0 4.2 4.2l1-1" strokeLinecap="round" />
  </svg>
);

const BUTTONS: { command: Command; key: string; glyph: ReactNode; className?: string }[] = [
  { command: 'bold', key: 'bold', glyph: 'B', className: 'font-bold' },
  { command: 'italic', key: 'italic', glyph: 'I', className: 'italic' },
  { command: 'underline', key: 'underline', glyph: 'U', className: 'underline' },
  { command: 'insertUnorderedList', key: 'bulletedList', glyph: '•' },
  { command: 'insertOrderedList', key: 'numberedList', glyph: '1.' },
  { command: 'createLink', key: 'link', glyph: LINK_ICON },
];

/**
 * A small formatted-text editor: a contentEditable area with a few buttons. The answer is the
 * sanitised HTML, so what the admin sees later is only the formatting these buttons make.
 */
export function RichTextInput({ id, value, onChange, onBlur, invalid, describedBy, inputRef }: ControlProps<string>) {
  const { t } = useTranslation('registration');
  const editor = useRef<HTMLDivElement>(null);
  // The HTML we reported last: when the value comes back unchanged the caret must not jump.
  const reported = useRef<string | null>(null);

  useEffect(() => {
    const element = editor.current;
    if (element && value !== reported.current) {
      element.innerHTML = sanitizeRichText(value);
      reported.current = value;
    }
  }, [value]);

  const report = () => {
    const html = sanitizeRichText(editor.current?.innerHTML ?? '');
    reported.current = html;
    onChange(html);
  };

  const run = (command: Command) => {
    editor.current?.focus();
    if (command === 'createLink') {
      const url = window.prompt(t('richText.linkPrompt'), 'https://');
      if (!url || !/^(https?:|mailto:)/i.test(url.trim())) return;
      document.execCommand(command, false, url.trim());
    } else {
      document.execCommand(command);
    }
    report();
  };

  return (
    <div
      className={`rounded-md bg-white text-sm text-gray-900 outline-1 -outline-offset-1 focus-within:outline-2 focus-within:-outline-offset-2 focus-within:outline-indigo-600 ${invalid ? 'outline-orange-500' : 'outline-gray-300'}`}
    >
      <div role="toolbar" aria-label={t('richText.toolbar')} className="flex gap-1 border-b border-gray-200 p-1">
        {BUTTONS.map((button) => (
          <button
            key={button.command}
            type="button"
            title={t(`richText.${button.key}`)}
            aria-label={t(`richText.${button.key}`)}
            // keep the selection in the editor: a mouse-down on a button would otherwise take the focus
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => run(button.command)}
            className={`inline-flex min-w-8 items-center justify-center rounded px-2 py-1 text-sm text-gray-700 hover:bg-gray-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${button.className ?? ''}`}
          >
            {/* A glyph, not a word, drawn by CSS: the button's name is its label alone (WCAG 2.5.3). */}
            <span aria-hidden="true" data-glyph={button.glyph} className="before:content-[attr(data-glyph)]" />
          </button>
        ))}
      </div>
      <div
        id={id}
        ref={(element) => {
          editor.current = element;
          inputRef?.(element);
        }}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId(id)}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        contentEditable
        suppressContentEditableWarning
        onInput={report}
        onBlur={onBlur}
        className="prose-sm min-h-32 px-3 py-2 focus:outline-none [&_a]:text-indigo-600 [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
      />
    </div>
  );
}
