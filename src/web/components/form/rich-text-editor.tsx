import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Link from '@tiptap/extension-link';
import { RICH_TEXT_LINK } from '#shared/rich-text-tags';
import { Button } from '../button.tsx';
import { DialogActions, DialogFrame } from '../dialog-frame.tsx';
import { AlertText } from '../alert-text.tsx';
import { controlClass } from './input-style.ts';
import type { ControlProps } from './control-props.ts';
import { labelId } from './field-shell.tsx';
import { cleanPastedHtml } from './clean-pasted-html.ts';
import { sanitizeRichText } from './sanitize-rich-text.ts';

const LINK_ICON = (
  <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-4" aria-hidden="true">
    <path d="M8.5 11.5a3 3 0 0 0 4.2 0l2.8-2.8a3 3 0 0 0-4.2-4.2l-1 1" strokeLinecap="round" />
    <path d="M11.5 8.5a3 3 0 0 0-4.2 0l-2.8 2.8a3 3 0 0 0 4.2 4.2l1-1" strokeLinecap="round" />
  </svg>
);

type Format = 'bold' | 'italic' | 'underline' | 'heading2' | 'heading3' | 'bulletedList' | 'numberedList';

/** The toolbar's formatting buttons: the label's key, what the button shows, what it does and whether it is on where the caret is. */
const FORMATS: { key: Format; glyph: string; className?: string; run: (editor: Editor) => void; isOn: (editor: Editor) => boolean }[] = [
  { key: 'bold', glyph: 'B', className: 'font-bold', run: (e) => e.chain().focus().toggleBold().run(), isOn: (e) => e.isActive('bold') },
  { key: 'italic', glyph: 'I', className: 'italic', run: (e) => e.chain().focus().toggleItalic().run(), isOn: (e) => e.isActive('italic') },
  {
    key: 'underline',
    glyph: 'U',
    className: 'underline',
    run: (e) => e.chain().focus().toggleUnderline().run(),
    isOn: (e) => e.isActive('underline'),
  },
  {
    key: 'heading2',
    glyph: 'H2',
    className: 'font-semibold',
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    isOn: (e) => e.isActive('heading', { level: 2 }),
  },
  {
    key: 'heading3',
    glyph: 'H3',
    className: 'font-semibold',
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
    isOn: (e) => e.isActive('heading', { level: 3 }),
  },
  { key: 'bulletedList', glyph: '•', run: (e) => e.chain().focus().toggleBulletList().run(), isOn: (e) => e.isActive('bulletList') },
  { key: 'numberedList', glyph: '1.', run: (e) => e.chain().focus().toggleOrderedList().run(), isOn: (e) => e.isActive('orderedList') },
];

const EXTENSIONS = [
  // Only what the toolbar offers: pasted code, quotes, rules and strike-through come in as plain text.
  StarterKit.configure({
    heading: { levels: [2, 3] },
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    link: false,
    trailingNode: false,
  }),
  Link.configure({
    openOnClick: false,
    autolink: true,
    // A stored link is a bare href; the storefront decides how links open.
    HTMLAttributes: { target: null, rel: null, class: null },
    isAllowedUri: (url) => RICH_TEXT_LINK.test(url),
  }),
];

const EDITABLE_CLASS =
  'prose-sm min-h-32 px-3 py-2 focus:outline-none [&_a]:text-indigo-600 [&_a]:underline [&_h2]:text-base [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5';

const BUTTON_CLASS =
  'inline-flex min-w-8 items-center justify-center rounded px-2 py-1 text-sm text-gray-700 hover:bg-gray-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 aria-pressed:bg-indigo-50 aria-pressed:text-indigo-800';

/** A typed address as a link: `example.com` means the web page; one with another scheme (javascript:) stays as typed, and is refused. */
function toHref(typed: string): string {
  const text = typed.trim();
  if (!text || /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(text)) return text;
  return text.includes('@') && !text.includes('/') ? `mailto:${text}` : `https://${text}`;
}

/** The dialog a link is added, changed or removed in. Not a <form>: it opens inside the page's form. */
function LinkDialog({ editor, open, onClose }: { editor: Editor; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('registration');
  const id = useId();
  const [address, setAddress] = useState('');
  const [error, setError] = useState('');
  const hasLink = editor.isActive('link');
  useEffect(() => {
    if (!open) return;
    setAddress((editor.getAttributes('link').href as string | undefined) ?? '');
    setError('');
  }, [open, editor]);
  const apply = () => {
    const href = toHref(address);
    if (!RICH_TEXT_LINK.test(href)) {
      setError(t('richText.linkInvalid'));
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    // With no text selected the address itself becomes the link's text.
    if (editor.state.selection.empty && !hasLink)
      chain.insertContent({ type: 'text', text: address.trim(), marks: [{ type: 'link', attrs: { href } }] }).run();
    else chain.setLink({ href }).run();
    onClose();
  };
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter applies the link; it must not submit the page's form around the editor.
    event.preventDefault();
    apply();
  };
  return (
    <DialogFrame open={open} onClose={onClose} title={hasLink ? t('richText.editLink') : t('richText.addLink')}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-900">
        {t('richText.linkAddress')}
      </label>
      <input
        id={id}
        type="text"
        inputMode="url"
        autoComplete="url"
        placeholder="https://"
        value={address}
        onChange={(event) => setAddress(event.target.value)}
        onKeyDown={onKeyDown}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${controlClass} mt-1.5`}
      />
      <AlertText id={`${id}-error`} className="mt-1.5">
        {error}
      </AlertText>
      <DialogActions>
        {hasLink && (
          <Button variant="secondary" onClick={remove}>
            {t('richText.removeLink')}
          </Button>
        )}
        <Button variant="secondary" onClick={onClose}>
          {t('richText.cancel')}
        </Button>
        <Button onClick={apply}>{t('richText.applyLink')}</Button>
      </DialogActions>
    </DialogFrame>
  );
}

function ToolbarButton({
  label,
  pressed,
  onClick,
  className = '',
  children,
}: {
  label: string;
  pressed?: boolean;
  onClick: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={pressed}
      // keep the selection in the editor: a mouse-down on a button would otherwise take the focus
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={`${BUTTON_CLASS} ${className}`}
    >
      {children}
    </button>
  );
}

/**
 * The formatted-text editor (Tiptap): headings, bold, italic, underline, lists and links, with text
 * pasted from Word or Google Docs kept to that formatting. The answer is the sanitised HTML, so what
 * the admin sees later is only the formatting these buttons make; an emptied editor answers ''.
 */
export function RichTextEditor({ id, value, onChange, onBlur, invalid, describedBy, inputRef }: ControlProps<string>) {
  const { t } = useTranslation('registration');
  // The HTML we reported last: when the value comes back unchanged the caret must not jump.
  const reported = useRef(value);
  const report = useRef({ onChange, onBlur });
  report.current = { onChange, onBlur };
  const [linkOpen, setLinkOpen] = useState(false);
  // useEditor applies its options again at every render (the content aside): the field's name,
  // description and state on ProseMirror's editable element follow the props this way.
  const [initialContent] = useState(() => sanitizeRichText(value));
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialContent,
    editorProps: {
      transformPastedHTML: cleanPastedHtml,
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId(id),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: EDITABLE_CLASS,
      },
    },
    onUpdate: ({ editor: changed }) => {
      // Empty paragraphs at the end (the last Enter, a pasted document's closing <br>) are no content.
      const html = changed.isEmpty ? '' : sanitizeRichText(changed.getHTML().replace(/(<p>(<br>)?<\/p>)+$/, ''));
      reported.current = html;
      report.current.onChange(html);
    },
    onBlur: () => report.current.onBlur?.(),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      ...(Object.fromEntries(FORMATS.map((f) => [f.key, f.isOn(e)])) as Record<Format, boolean>),
      link: e.isActive('link'),
    }),
  });

  // ProseMirror's view exists once EditorContent has mounted it ("create"): a value that came from
  // outside meanwhile, and the form's reference to the element, wait for it.
  useEffect(() => {
    const sync = () => {
      if (value === reported.current) return;
      reported.current = value;
      editor.commands.setContent(sanitizeRichText(value), { emitUpdate: false });
    };
    if (editor.isInitialized) sync();
    editor.on('create', sync);
    return () => void editor.off('create', sync);
  }, [editor, value]);

  useEffect(() => {
    if (!inputRef) return;
    const attach = () => inputRef(editor.view.dom);
    if (editor.isInitialized) attach();
    editor.on('create', attach);
    return () => void editor.off('create', attach);
  }, [editor, inputRef]);

  return (
    <div
      className={`rounded-md bg-white text-sm text-gray-900 outline-1 -outline-offset-1 focus-within:outline-2 focus-within:-outline-offset-2 focus-within:outline-indigo-600 ${invalid ? 'outline-orange-500' : 'outline-gray-300'}`}
    >
      <div role="toolbar" aria-label={t('richText.toolbar')} className="flex flex-wrap gap-1 border-b border-gray-200 p-1">
        {FORMATS.map((format) => (
          <ToolbarButton
            key={format.key}
            label={t(`richText.${format.key}`)}
            pressed={active[format.key]}
            onClick={() => format.run(editor)}
            className={format.className}
          >
            {/* A glyph, not a word, drawn by CSS: the button's name is its label alone (WCAG 2.5.3). */}
            <span aria-hidden="true" data-glyph={format.glyph} className="before:content-[attr(data-glyph)]" />
          </ToolbarButton>
        ))}
        <ToolbarButton label={t('richText.link')} pressed={active.link} onClick={() => setLinkOpen(true)}>
          {LINK_ICON}
        </ToolbarButton>
      </div>
      <EditorContent editor={editor} />
      <LinkDialog editor={editor} open={linkOpen} onClose={() => setLinkOpen(false)} />
    </div>
  );
}
