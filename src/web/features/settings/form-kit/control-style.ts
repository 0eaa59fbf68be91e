/** The look of the settings' text-like controls, as the entry screens' inputs; red outline on error. */
export const controlClass =
  'block w-full rounded-md bg-white px-3 py-2 text-base text-gray-900 outline-1 -outline-offset-1 outline-gray-300 placeholder:text-gray-400 focus:outline-2 focus:-outline-offset-2 focus:outline-indigo-600 aria-invalid:outline-red-600 sm:text-sm';

export const checkboxClass = 'size-4 rounded border-gray-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';
