import { useTranslation } from 'react-i18next';
import type { ControlProps } from './control-props.ts';

/** The applicant agrees to the terms the link points at; the answer is the boolean true. */
export function TermsInput({
  id,
  name,
  value,
  onChange,
  onBlur,
  invalid,
  describedBy,
  inputRef,
  label,
  link,
}: ControlProps<boolean> & { label: string; link: string }) {
  const { t } = useTranslation('registration');
  return (
    <div className="flex items-start gap-2">
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="checkbox"
        checked={value}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={onBlur}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className={`mt-0.5 size-4 rounded text-indigo-600 focus:ring-2 focus:ring-indigo-500 ${invalid ? 'border-orange-500' : 'border-gray-300'}`}
      />
      <div className="text-sm">
        <label htmlFor={id} className="text-gray-900">
          {label}
        </label>
        {link && (
          <>
            {' '}
            <a
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-indigo-600 underline hover:text-indigo-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              {t('terms.read')}
            </a>
          </>
        )}
      </div>
    </div>
  );
}
