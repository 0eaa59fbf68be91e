import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertText } from '../alert-text.tsx';
import { Button } from '../button.tsx';
import { toastSaved } from '../toast.tsx';

/** What a form on a page with a save bar hands the bar. */
export interface SaveBarForm {
  /** Its name, for the toast that says what was saved ("Time zone saved"). */
  title: string;
  /** Submits the form; true once the server stored it (a refusal shows under the form's fields). */
  submit: () => Promise<boolean>;
  /** Puts back what is stored. */
  discard: () => void;
}

interface SaveBarRegistry {
  register: (id: string, form: SaveBarForm) => () => void;
  setDirty: (id: string, isDirty: boolean) => void;
}

export const SaveBarContext = createContext<SaveBarRegistry | null>(null);

/** The bar of the page a form is on, if the page has one: the form then shows no Save button of its own. */
export function useSaveBar(id: string, form: SaveBarForm, isDirty: boolean): boolean {
  const registry = useContext(SaveBarContext);
  const latest = useRef(form);
  latest.current = form;
  useEffect(
    () =>
      registry?.register(id, {
        get title() {
          return latest.current.title;
        },
        submit: () => latest.current.submit(),
        discard: () => latest.current.discard(),
      }),
    [registry, id],
  );
  useEffect(() => {
    registry?.setDirty(id, isDirty);
    return () => registry?.setDirty(id, false);
  }, [registry, id, isDirty]);
  return registry !== null;
}

type Outcome = 'idle' | 'saved' | 'failed';

/**
 * A page of several forms with one save: a bar sticks to the bottom of the screen while any form
 * has unsaved edits, and its Save stores every changed form in one go (each form its own call, so
 * a refused one keeps its edits and its messages while the others are stored). Discard puts every
 * form back. Leaving with unsaved edits is asked about by the forms themselves (unsaved-changes).
 */
export function SaveBarProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation('common');
  const forms = useRef(new Map<string, SaveBarForm>());
  const [dirty, setDirtyIds] = useState<ReadonlySet<string>>(new Set());
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>('idle');

  const setDirty = useCallback((id: string, isDirty: boolean) => {
    setDirtyIds((current) => {
      if (current.has(id) === isDirty) return current;
      const next = new Set(current);
      if (isDirty) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const registry = useMemo<SaveBarRegistry>(
    () => ({
      register: (id, form) => {
        forms.current.set(id, form);
        return () => void forms.current.delete(id);
      },
      setDirty,
    }),
    [setDirty],
  );
  // A new edit after a save: the last outcome no longer describes what is on screen.
  useEffect(() => {
    if (dirty.size > 0) setOutcome((current) => (current === 'saved' ? 'idle' : current));
  }, [dirty]);

  const saveAll = async () => {
    setSaving(true);
    const results: boolean[] = [];
    const titles: string[] = [];
    // One after the other, in page order: each answer refreshes the settings the next form reads.
    for (const id of dirty) {
      const form = forms.current.get(id);
      results.push((await form?.submit()) ?? true);
      if (form) titles.push(form.title);
    }
    setSaving(false);
    const ok = results.every(Boolean);
    setOutcome(ok ? 'saved' : 'failed');
    // A failure is said once, under the bar and beside the refused fields; no toast repeats it.
    // The toast names what was saved: "Time zone and Change history saved".
    if (ok) toastSaved(t('toast.sectionSaved', { section: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(titles) }));
  };
  const discardAll = () => {
    for (const id of dirty) forms.current.get(id)?.discard();
    setOutcome('idle');
  };

  return (
    <SaveBarContext value={registry}>
      {children}
      {outcome === 'saved' && dirty.size === 0 && (
        <p role="status" className="mt-4 text-sm font-medium text-green-800">
          {t('saveBar.saved')}
        </p>
      )}
      {dirty.size > 0 && (
        <div
          role="region"
          aria-label={t('saveBar.label')}
          className="sticky bottom-0 z-10 -mx-4 mt-6 flex flex-wrap items-center justify-end gap-x-4 gap-y-2 border-t border-gray-200 bg-gray-50 px-4 py-3 shadow-[0_-4px_6px_-4px_rgb(0_0_0_/_0.1)] sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8"
        >
          <p className="mr-auto text-sm text-gray-700">{t('saveBar.unsaved', { count: dirty.size })}</p>
          {outcome === 'failed' && <AlertText>{t('saveBar.failed')}</AlertText>}
          <Button variant="secondary" onClick={discardAll} disabled={saving}>
            {t('saveBar.discard')}
          </Button>
          <Button onClick={() => void saveAll()} loading={saving}>
            {t('form.save')}
          </Button>
        </div>
      )}
    </SaveBarContext>
  );
}
