/**
 * The one look of every text-like control (text, number, select, textarea) in every form. A field
 * in error gets an orange outline, the colour of its message under it (the spec's colour for
 * "Required field"); `aria-invalid` drives it, so a control marked invalid for screen readers is
 * the one that shows it.
 */
export const controlClass = [
  'block w-full rounded-md bg-white px-3 py-2 text-base text-gray-900 outline-1 -outline-offset-1 outline-gray-300 sm:text-sm',
  'placeholder:text-gray-400 focus:outline-2 focus:-outline-offset-2 focus:outline-indigo-600 aria-invalid:outline-orange-500',
].join(' ');

/** The same look for controls that mark an error without `aria-invalid` (kept for the controls that take `invalid`). */
export function inputClass(invalid: boolean) {
  return invalid ? `${controlClass} outline-orange-500` : controlClass;
}

export const checkboxClass =
  'size-4 rounded border-gray-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';
