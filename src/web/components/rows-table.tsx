import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { CardTable } from './card-table.tsx';

interface RowsTableProps {
  /** The field array's rows (their ids key the table's rows). */
  rows: readonly { id: string }[];
  /** One header per cell that `cells` renders. */
  columns: readonly string[];
  /** The screen-reader header of the Remove buttons' column. */
  actionsLabel: string;
  /** A row's cells; n counts from 1, as the labels do. */
  cells: (index: number, n: number) => ReactNode;
  removeLabel: (n: number) => string;
  onRemove: (index: number) => void;
  /** A list that may not be empty keeps its last row. */
  keepsOne?: boolean;
  className: string;
  headerClassName: string;
}

/** A form's list of rows as a table: a header per column, and a Remove button that ends each row; on a phone a card of labelled fields a row. */
export function RowsTable({
  rows,
  columns,
  actionsLabel,
  cells,
  removeLabel,
  onRemove,
  keepsOne = false,
  className,
  headerClassName,
}: RowsTableProps) {
  return (
    <CardTable className={className} labels={[...columns, null]} fields>
      <thead>
        <tr className="text-left text-xs font-medium text-gray-600">
          {columns.map((column) => (
            <th key={column} scope="col" className={headerClassName}>
              {column}
            </th>
          ))}
          <th scope="col" className={headerClassName}>
            <span className="sr-only">{actionsLabel}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => {
          const n = index + 1;
          return (
            <tr key={row.id} className="border-t border-gray-100">
              {cells(index, n)}
              <td className="px-1.5 py-2 align-top">
                <Button
                  variant="secondary"
                  onClick={() => onRemove(index)}
                  disabled={keepsOne && rows.length === 1}
                  aria-label={removeLabel(n)}
                >
                  ×
                </Button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </CardTable>
  );
}
