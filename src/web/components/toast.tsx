import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

export type ToastKind = 'success' | 'error';
/** The screen's edge a toast shows at; `auto`: the top on phones, the bottom from 640 px. */
type ToastEdge = 'top' | 'bottom' | 'auto';
interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
  edge: ToastEdge;
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

/** The control clicked last (a keyboard's Enter on a button or in a form clicks it too). */
let lastControl: Element | null = null;
const noteControl = (event: MouseEvent) => {
  lastControl = event.target instanceof Element ? event.target.closest('button, a, [role="button"]') : null;
};

/**
 * A toast answers the control just used (a Save button at the bottom of a form or in a save bar,
 * moved on or disabled while it saves), so it shows in the other half of the screen, never over it.
 */
function edgeAwayFromControl(): ToastEdge {
  if (!lastControl?.isConnected) return 'auto';
  const box = lastControl.getBoundingClientRect();
  if (box.bottom < 0 || box.top > window.innerHeight) return 'auto';
  return box.top + box.height / 2 > window.innerHeight / 2 ? 'top' : 'bottom';
}

/**
 * Tells the outcome of an action in a short note at the screen's edge (the form says the detail).
 * The note replaces the one before: a second click's note stacked on the first read as two outcomes.
 */
export function showToast(kind: ToastKind, text: string) {
  publish([{ id: nextId++, kind, text, edge: edgeAwayFromControl() }]);
}

function dismiss(id: number) {
  publish(toasts.filter((toast) => toast.id !== id));
}

/**
 * A save's toast, saying what was saved ("Delivery zone saved"). A failed save has none: the form
 * says why beside its Save button, and a second note of the same failure only doubled it.
 */
export const toastSaved = (what: string) => showToast('success', what);

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
  useEffect(() => {
    document.addEventListener('click', noteControl, true);
    return () => document.removeEventListener('click', noteControl, true);
  }, []);
  const edge = shown.at(-1)?.edge ?? 'auto';
  const place = { top: 'top-0', bottom: 'bottom-0', auto: 'top-0 sm:top-auto sm:bottom-0' }[edge];
  return (
    <div
      aria-live="polite"
      className={`pointer-events-none fixed inset-x-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end ${place}`}
    >
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
    <div
      data-testid="toast"
      className={`pointer-events-auto flex max-w-sm items-center gap-3 rounded-md px-4 py-3 text-sm font-medium shadow-lg ${tone}`}
    >
      <span>{toast.text}</span>
      <button
        type="button"
        onClick={() => dismiss(toast.id)}
        className="ml-auto rounded px-1 text-white/80 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
        aria-label={t('toast.dismiss')}
      >
        ×
      </button>
    </div>
  );
}
