import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `-mb-px border-b-2 px-1 pb-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 ${
    isActive ? 'border-indigo-600 text-indigo-600' : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900'
  }`;

/** The finance screen's two views: the transactions and the monthly statements. */
export function FinanceTabs() {
  const { t } = useTranslation('finance');
  return (
    <nav aria-label={t('tabs.label')} className="flex gap-6 border-b border-gray-200">
      <NavLink to="/finance" end className={tabClass}>
        {t('tabs.transactions')}
      </NavLink>
      <NavLink to="/finance/statements" className={tabClass}>
        {t('tabs.statements')}
      </NavLink>
    </nav>
  );
}
