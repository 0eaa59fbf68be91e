import { get, useFormState } from 'react-hook-form';
import type { ProductFormValues } from './product-form.ts';
import { useEditorText } from './use-editor-text.ts';

/** The translated message under an editor path (`title`, `variants.1.price`, `metafieldsMessage`), or ''. */
export function useFieldMessage() {
  const { errors } = useFormState<ProductFormValues>();
  const text = useEditorText();
  return (name: string): string => {
    const error = get(errors, name) as { message?: unknown } | undefined;
    return typeof error?.message === 'string' ? text(error.message) : '';
  };
}
