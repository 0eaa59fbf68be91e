import type { CSSProperties, ReactNode } from 'react';

/** How many columns a card table labels; more would be no card to read on a phone. */
const MAX_COLUMNS = 12;

interface CardTableProps {
  /**
   * The columns' names as the header shows them, in order (the conditional ones left out as their
   * cells are); null for a column whose cells need no label on a card (a title, an image, buttons).
   */
  labels: readonly (string | null)[];
  className?: string;
  /** A form's rows: on a card each name stands above its field, two fields a line. */
  fields?: boolean;
  /** The caption, header and body, as in any table. */
  children: ReactNode;
}

/**
 * A list's table that becomes a card a row below 768 px (`.card-table` in `styles.css`): the header
 * is read by screen readers only, each cell shows its column's name beside its value, and a cell
 * may say its part on the card with a class: `card-title` (the row's name, no label), `card-lead`
 * (a checkbox or image before the title), `card-hidden` (not worth the room on a phone).
 */
export function CardTable({ labels, className = '', fields = false, children }: CardTableProps) {
  if (labels.length > MAX_COLUMNS) throw new Error(`A card table labels at most ${MAX_COLUMNS} columns`);
  // Custom properties, read by the cells' labels in CSS: a CSS string of each name.
  const style = Object.fromEntries(
    labels.flatMap((label, i) => (label === null ? [] : [[`--card-label-${i + 1}`, JSON.stringify(label)]])),
  ) as CSSProperties;
  return (
    <table className={`card-table ${fields ? 'card-fields' : ''} ${className}`} style={style}>
      {children}
    </table>
  );
}
