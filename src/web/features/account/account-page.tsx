import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ChangeEmailSchema, ChangeOwnPasswordSchema, UpdateAccountSchema, type Account } from '#shared/schemas/account';
import { updateAccount, useAccount } from '#web/api/account.ts';
import { errorMessage } from '#web/components/error-message.ts';
import { SettingsSection } from '#web/components/form/settings-section.tsx';
import { TextField } from '#web/components/form/text-field.tsx';
import { LanguageSelect } from '#web/components/language-select.tsx';
import { LoadFailed } from '#web/components/load-failed.tsx';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { usePageTitle } from '#web/components/use-page-title.tsx';
import { refreshNow } from '#web/session/session-store.ts';
import { changeEmail } from './api/change-email.ts';
import { changePassword } from './api/change-password.ts';

const NameSchema = UpdateAccountSchema.pick({ name: true }).required();
const NO_PASSWORDS = { currentPassword: '', password: '', confirmation: '' };

/**
 * /app/account: one's own name, language, sign-in e-mail and password, each its own form (a
 * password change is not something to save along with a name).
 */
export function AccountPage() {
  const { t } = useTranslation('account');
  usePageTitle(t('title'));
  const { data, error, mutate } = useAccount();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">{t('title')}</h1>
      {!data && !error && <LoadingBlock />}
      {error && !data && <LoadFailed message={errorMessage(error)} onRetry={() => void mutate()} />}
      {data && <AccountForms account={data} />}
    </div>
  );
}

function AccountForms({ account }: { account: Account }) {
  const { t } = useTranslation('account');
  return (
    <>
      <SettingsSection
        id="name"
        title={t('name.title')}
        description={t('name.description')}
        schema={NameSchema}
        values={{ name: account.name }}
        save={async (values) => {
          const stored = await updateAccount(values);
          // The name in the bar comes from the session token: a new one carries the new name.
          await refreshNow();
          return { name: stored.name };
        }}
      >
        <TextField name="name" label={t('name.label')} autoComplete="name" />
      </SettingsSection>

      <section aria-labelledby="language-title" className="rounded-lg bg-white shadow-sm ring-1 ring-gray-900/5">
        <header className="border-b border-gray-200 px-6 py-4">
          <h3 id="language-title" className="text-base font-semibold text-gray-900">
            {t('language.title')}
          </h3>
          <p className="mt-1 text-sm text-gray-600">{t('language.description')}</p>
        </header>
        <div className="px-6 py-5">
          <LanguageSelect onChosen={(language) => void updateAccount({ language })} />
        </div>
      </section>

      <SettingsSection
        id="email"
        title={t('email.title')}
        description={t('email.description', { email: account.email })}
        schema={ChangeEmailSchema}
        values={{ email: '', currentPassword: '' }}
        saveLabel={t('email.send')}
        savedNote={account.pendingEmail ? t('email.sent', { email: account.pendingEmail }) : undefined}
        save={async (values) => {
          await changeEmail(values);
          return { email: '', currentPassword: '' };
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="email" type="email" autoComplete="email" label={t('email.new')} />
          <TextField name="currentPassword" type="password" autoComplete="current-password" label={t('currentPassword')} />
        </div>
      </SettingsSection>

      <SettingsSection
        id="password"
        title={t('password.title')}
        description={t('password.description')}
        schema={ChangeOwnPasswordSchema as unknown as z.ZodType<typeof NO_PASSWORDS, typeof NO_PASSWORDS>}
        values={NO_PASSWORDS}
        saveLabel={t('password.change')}
        savedNote={t('password.changed')}
        save={async (values) => {
          await changePassword(values);
          return NO_PASSWORDS;
        }}
      >
        {/* The e-mail lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={account.email} readOnly hidden />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField name="currentPassword" type="password" autoComplete="current-password" label={t('currentPassword')} />
          <TextField name="password" type="password" autoComplete="new-password" label={t('password.new')} />
          <TextField name="confirmation" type="password" autoComplete="new-password" label={t('password.confirmation')} />
        </div>
      </SettingsSection>
    </>
  );
}
