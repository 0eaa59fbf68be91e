import type { ControlProps } from './control-props.ts';

/** Several choices among the options; a long list scrolls inside 220px instead of pushing the form down. */
export function CheckboxListInput({
  id,
  name,
  value,
  onChange,
  onBlur,
  invalid,
  inputRef,
  options,
}: ControlProps<string[]> & { options: string[] }) {
  const toggle = (option: string, checked: boolean) =>
    // keep the answers in the options' order, whatever order they were ticked in
    onChange(options.filter((o) => (o === option ? checked : value.includes(o))));
  return (
    <ul
      id={id}
      className={`max-h-[220px] space-y-2 overflow-y-auto rounded-md border p-3 ${invalid ? 'border-orange-500' : 'border-gray-200'}`}
    >
      {options.map((option, index) => {
        const optionId = `${id}-${index}`;
        return (
          <li key={option} className="flex items-center gap-2">
            <input
              ref={index === 0 ? inputRef : undefined}
              id={optionId}
              name={name}
              type="checkbox"
              value={option}
              checked={value.includes(option)}
              onChange={(event) => toggle(option, event.target.checked)}
              onBlur={onBlur}
              className="size-4 rounded border-gray-300 text-indigo-600 focus:ring-2 focus:ring-indigo-500"
            />
            <label htmlFor={optionId} className="text-sm text-gray-900">
              {option}
            </label>
          </li>
        );
      })}
    </ul>
  );
}
