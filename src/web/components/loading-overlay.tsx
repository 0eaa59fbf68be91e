import { createContext, useContext, useState, type ReactNode } from 'react';
import { Transition } from '@headlessui/react';
import { LOADING_FADE_MS } from '#shared/limits';
import { Spinner } from './spinner.tsx';

const SetLoadingContext = createContext<(show: boolean) => void>(() => {});

/** A full-screen overlay shown while a flag is set, fading in and out over 500 ms. */
export function LoadingOverlay({ show }: { show: boolean }) {
  return (
    <Transition show={show}>
      <div
        className="fixed inset-0 z-50 flex items-center justify-center bg-white/70 text-indigo-600 transition-opacity ease-in-out data-closed:opacity-0"
        style={{ transitionDuration: `${LOADING_FADE_MS}ms` }}
        data-testid="loading-overlay"
      >
        <Spinner className="size-10" />
      </div>
    </Transition>
  );
}

export function LoadingOverlayProvider({ children }: { children: ReactNode }) {
  const [show, setShow] = useState(false);
  return (
    <SetLoadingContext value={setShow}>
      {children}
      <LoadingOverlay show={show} />
    </SetLoadingContext>
  );
}

/** Turns the overlay on or off, e.g. while a sign-out or vendor switch reloads the page. */
export function useLoadingOverlay(): (show: boolean) => void {
  return useContext(SetLoadingContext);
}
