import { useState, type ReactNode } from 'react';
import { Dialog, DialogBackdrop, DialogPanel } from '@headlessui/react';
import { useTranslation } from 'react-i18next';

/** Phones: a menu button that slides the navigation in from the left; Escape or the backdrop close it. */
export function PhoneMenu({ children }: { children: (close: () => void) => ReactNode }) {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-expanded={open}
        className="-ml-1 rounded-md p-2 text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white lg:hidden"
      >
        <span className="sr-only">{t('menu.open')}</span>
        <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" className="size-6">
          <path strokeLinecap="round" strokeLinejoin="round" d="M3.75 6.75h16.5M3.75 12h16.5m-16.5 5.25h16.5" />
        </svg>
      </button>
      <Dialog open={open} onClose={close} className="relative z-40 lg:hidden">
        <DialogBackdrop transition className="fixed inset-0 bg-gray-900/50 transition-opacity duration-200 data-closed:opacity-0" />
        <div className="fixed inset-0 flex">
          <DialogPanel
            transition
            className="relative flex w-full max-w-xs flex-col overflow-y-auto bg-indigo-600 px-4 py-4 text-white transition duration-200 data-closed:-translate-x-full"
          >
            <button
              type="button"
              onClick={close}
              className="mb-4 self-end rounded-md p-2 text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
            >
              <span className="sr-only">{t('menu.close')}</span>
              <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" className="size-6">
                <path strokeLinecap="round" strokeLinejoin="round" d="M6 18 18 6M6 6l12 12" />
              </svg>
            </button>
            {children(close)}
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
