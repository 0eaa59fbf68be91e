import { useTranslation } from 'react-i18next';

/** "12 / 255": how much of a store limit is used; orange once outside min..max. */
export function Counter({
  id,
  count,
  min,
  max,
  unit,
}: {
  id: string;
  count: number;
  min: number;
  max: number;
  unit: 'characters' | 'images';
}) {
  const { t } = useTranslation('products');
  const outside = count > max || (count > 0 && count < min);
  return (
    <p id={id} className={`mt-1 text-xs ${outside ? 'font-medium text-orange-700' : 'text-gray-500'}`}>
      {min > 0 ? t(`editor.counter.${unit}WithMin`, { n: count, min, max }) : t(`editor.counter.${unit}`, { n: count, max })}
    </p>
  );
}

/** The aria-describedby of a control with a counter: its description and error ids, then the counter's. */
export const withCounter = (describedBy: string | undefined, counterId: string) => [describedBy, counterId].filter(Boolean).join(' ');
