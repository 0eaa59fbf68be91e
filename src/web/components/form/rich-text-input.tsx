import { lazy, Suspense } from 'react';
import type { ControlProps } from './control-props.ts';
import { Spinner } from '../spinner.tsx';

// The editor (Tiptap and ProseMirror) comes with the first screen that shows one, not with the app.
const RichTextEditor = lazy(() => import('./rich-text-editor.tsx').then((m) => ({ default: m.RichTextEditor })));

/** A formatted-text field: the editor, loaded on first use; its box keeps its place while it loads. */
export function RichTextInput(props: ControlProps<string>) {
  return (
    <Suspense
      fallback={
        <div className="flex min-h-42 items-center justify-center rounded-md bg-white text-indigo-600 outline-1 -outline-offset-1 outline-gray-300">
          <Spinner className="size-5" />
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
