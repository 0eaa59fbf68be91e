/** The look of every text-like control (as the entry screens' inputs); an orange outline marks an error. */
export function inputClass(invalid: boolean) {
  return [
    'block w-full rounded-md bg-white px-3 py-2 text-base text-gray-900 outline-1 -outline-offset-1 sm:text-sm',
    'placeholder:text-gray-400 focus:outline-2 focus:-outline-offset-2 focus:outline-indigo-600',
    invalid ? 'outline-orange-500' : 'outline-gray-300',
  ].join(' ');
}
