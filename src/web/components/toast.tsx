import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { i18next } from '../i18n/index.ts';

export type ToastKind = 'success' | 'error';
interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

/** How long a toast stays; an error stays twice as long, to be read. */
const TOAST_MS = 4000;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const publish = (next: Toast[]) => {
  toasts = next;
  listeners.forEach((listener) => listener());
};

/** Tells the outcome of an action in a short note at the screen's edge (the form says the detail). */
export function showToast(kind: ToastKind, text: string) {
  publish([...toasts.slice(-2), { id: nextId++, kind, text }]);
}

function dismiss(id: number) {
  publish(toasts.filter((toast) => toast.id !== id));
}

/** The saves' toasts: "Saved", or that the save failed. */
export const toastSaved = () => showToast('success', i18next.t('toast.saved'));
export const toastSaveFailed = () => showToast('error', i18next.t('toast.failed'));

/**
 * Where the toasts show: the region is announced to screen readers (the notes have no status or
 * alert role of their own: the form beside them carries those), each closing itself after a while.
 */
export function Toaster() {
  const shown = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
  );
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end">
      {shown.map((toast) => (
        <ToastNote key={toast.id} toast={toast} />
      ))}
    </div>
  );
}

function ToastNote({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), toast.kind === 'error' ? TOAST_MS * 2 : TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  const tone = toast.kind === 'success' ? 'bg-gray-900 text-white' : 'bg-red-700 text-white';
  return (
    <div data-testid="toast" className={`pointer-events-auto flex max-w-sm items-center gap-3 rounded-md px-4 py-3 text-sm font-medium shadow-lg ${tone}`}>
      <span>{toast.text}</span>
      <button type="button" onClick={() => dismiss(toast.id)} className="ml-auto rounded px-1 text-white/80 hover:text-white focus-visible:outline-2 focus-visible:outline-white" aria-label={t('toast.dismiss')}>
        ×
      </button>
    </div>
  );
}
