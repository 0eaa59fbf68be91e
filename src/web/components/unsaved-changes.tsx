import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { DialogActions, DialogFrame } from './dialog-frame.tsx';

interface Registry {
  setDirty: (id: string, dirty: boolean) => void;
}

const UnsavedChangesContext = createContext<Registry | null>(null);

/**
 * Watches every editor on screen (a router allows one blocker, and a settings page has many
 * forms): leaving for another screen while one has unsaved edits asks first, in a dialog; closing
 * or reloading the tab asks through the browser's own prompt.
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const dirty = useRef(new Set<string>());
  const registry = useMemo<Registry>(
    () => ({ setDirty: (id, isDirty) => void (isDirty ? dirty.current.add(id) : dirty.current.delete(id)) }),
    [],
  );
  // Moving within a screen (its tabs and filters in the query) keeps the form on screen.
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => dirty.current.size > 0 && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (dirty.current.size === 0) return;
      event.preventDefault();
      // Older browsers show the prompt only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const stay = () => blocker.reset?.();
  const leave = () => {
    // The screen left behind unmounts; its forms must not block the way back.
    dirty.current.clear();
    blocker.proceed?.();
  };
  return (
    <UnsavedChangesContext value={registry}>
      {children}
      <DialogFrame open={blocker.state === 'blocked'} onClose={stay} title={t('unsaved.title')}>
        <p className="text-sm text-gray-700">{t('unsaved.text')}</p>
        <DialogActions>
          <Button variant="secondary" onClick={stay}>
            {t('unsaved.stay')}
          </Button>
          <Button variant="danger" onClick={leave}>
            {t('unsaved.leave')}
          </Button>
        </DialogActions>
      </DialogFrame>
    </UnsavedChangesContext>
  );
}

/**
 * An editor's unsaved edits are never lost silently: while `isDirty`, leaving the screen asks
 * first. `release` lets the editor itself move on (to a product just created) without a prompt.
 */
export function useUnsavedChangesPrompt(isDirty: boolean): { release: () => void } {
  const registry = useContext(UnsavedChangesContext);
  const id = useId();
  useEffect(() => {
    registry?.setDirty(id, isDirty);
    return () => registry?.setDirty(id, false);
  }, [registry, id, isDirty]);
  return useMemo(() => ({ release: () => registry?.setDirty(id, false) }), [registry, id]);
}
