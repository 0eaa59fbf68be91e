import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MARKETPLACE_VIEW } from '#shared/permissions';
import type { Wordings } from '#shared/schemas/registration';
import { postSwitchVendor } from '#web/api/auth.ts';
import { useVendorNames } from '#web/api/vendor-names.ts';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { useLoadingOverlay } from '#web/components/loading-overlay.tsx';
import { capitalize } from '#web/components/wordings.ts';
import { vendorClaimFor } from './vendor-claim.ts';

/**
 * Admins act as one vendor or as the whole marketplace ('*'). A text input with suggestions: the
 * names come from the vendors list when that call answers; a typed name always works, and the
 * server says when it is unknown.
 */
export function SwitchVendor({ current, wordings }: { current: string; wordings: Wordings }) {
  const { t } = useTranslation('shell');
  const id = useId();
  const names = useVendorNames(true);
  const setLoading = useLoadingOverlay();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const allLabel = t('switchVendor.all', { vendors: wordings.vendors });
  const vendorWord = capitalize(wordings.vendor);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const vendor = vendorClaimFor(text, allLabel, names);
    if (vendor) void switchTo(vendor);
  }

  async function switchTo(vendor: string) {
    setError('');
    setBusy(true);
    try {
      await postSwitchVendor(vendor);
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
      return;
    }
    // Every screen and cache depends on the vendor: start over with the new session cookie.
    setLoading(true);
    window.location.reload();
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-1" data-testid="switch-vendor">
      <label htmlFor={`${id}-input`} className="px-3 text-xs font-semibold tracking-wide text-indigo-100 uppercase">
        {t('switchVendor.label', { vendor: vendorWord })}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={`${id}-input`}
          list={`${id}-names`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={current === MARKETPLACE_VIEW ? allLabel : current}
          aria-describedby={`${id}-current`}
          autoComplete="off"
          className="w-full min-w-0 rounded-md bg-white px-3 py-1.5 text-sm text-gray-900 outline-1 -outline-offset-1 outline-gray-300 placeholder:text-gray-500 focus:outline-2 focus:outline-offset-2 focus:outline-white"
        />
        <datalist id={`${id}-names`}>
          <option value={allLabel} />
          {names.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <Button type="submit" variant="light" loading={busy} disabled={!text.trim()}>
          {t('switchVendor.submit')}
        </Button>
      </div>
      {current !== MARKETPLACE_VIEW && (
        // Back to the whole marketplace in one click.
        <Button variant="light" className="self-start" disabled={busy} onClick={() => void switchTo(MARKETPLACE_VIEW)}>
          {allLabel}
        </Button>
      )}
      <p id={`${id}-current`} className="px-3 text-xs text-white/80" data-testid="current-view">
        {t('switchVendor.current', { name: current === MARKETPLACE_VIEW ? allLabel : current })}
      </p>
      <AlertText className="rounded bg-white px-2 py-1">{error}</AlertText>
    </form>
  );
}
