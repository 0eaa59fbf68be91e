import { useTranslation } from 'react-i18next';
import { translateMessage } from '#web/i18n/index.ts';
import type { CsvProblem } from './api/csv-import.ts';

/** Problems of the file by line (the header is line 1), with the column when one is to blame. */
export function ProblemTable({ problems, caption }: { problems: CsvProblem[]; caption: string }) {
  const { t } = useTranslation('products');
  return (
    <div className="scroll-box max-h-96 overflow-y-auto rounded-md ring-1 ring-gray-200">
      <table className="min-w-full divide-y divide-gray-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-gray-50">
          <tr className="text-left text-xs font-semibold text-gray-600">
            <th scope="col" className="px-3 py-2">
              {t('import.problems.line')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('import.problems.column')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('import.problems.message')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 bg-white">
          {problems.map((problem, i) => (
            <tr key={i} data-testid="problem-row">
              <td className="px-3 py-2 tabular-nums">{problem.line}</td>
              <td className="px-3 py-2 font-mono text-xs">{problem.column ?? '—'}</td>
              <td className="px-3 py-2">{translateMessage(problem.message)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
