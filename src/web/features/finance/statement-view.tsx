import { useTranslation } from 'react-i18next';
import { STATEMENT_LINES } from '#shared/schemas/statements';
import type { StatementAnswer } from './api/statements.ts';
import { useFinanceFormat } from './use-finance-format.ts';

/** A monthly statement: one table per currency, from the opening to the closing balance. */
export function StatementView({ statement }: { statement: StatementAnswer }) {
  const { t } = useTranslation('finance');
  const format = useFinanceFormat();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {statement.sections.map((section) => (
        <div key={section.currency} className="rounded-lg bg-white shadow-xs ring-1 ring-gray-900/5">
          <table className="w-full text-sm" data-testid={`statement-${section.currency}`}>
            <caption className="px-4 pt-4 pb-2 text-left text-base font-semibold text-gray-900">
              {t('statements.section', { currency: section.currency })}
            </caption>
            <tbody className="divide-y divide-gray-100">
              <Row label={t('statements.lines.openingBalance')} amount={format.money(section.openingBalance, section.currency)} strong />
              {STATEMENT_LINES.map((line) => (
                <Row key={line} label={t(`statements.lines.${line}`)} amount={format.money(section[line], section.currency)} />
              ))}
              <Row label={t('statements.lines.closingBalance')} amount={format.money(section.closingBalance, section.currency)} strong />
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}

function Row({ label, amount, strong = false }: { label: string; amount: string; strong?: boolean }) {
  const weight = strong ? 'font-semibold text-gray-900' : 'text-gray-700';
  return (
    <tr>
      <th scope="row" className={`px-4 py-2 text-left font-normal ${weight}`}>
        {label}
      </th>
      <td className={`px-4 py-2 text-right tabular-nums ${weight}`}>{amount}</td>
    </tr>
  );
}
