/** Links that look like the Button component's primary and secondary variants. */
const base =
  'inline-flex items-center justify-center gap-2 rounded-md px-3.5 py-2 text-sm font-semibold shadow-xs focus-visible:outline-2 focus-visible:outline-offset-2';
export const primaryLinkClass = `${base} bg-indigo-600 text-white hover:bg-indigo-800 focus-visible:outline-indigo-600`;
export const secondaryLinkClass = `${base} bg-white text-gray-900 ring-1 ring-inset ring-gray-300 hover:bg-gray-50 focus-visible:outline-indigo-600`;
export const textLinkClass =
  'font-medium text-indigo-600 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600';
