/** What the form hands every field control: its id, its answer, and how to report a change. */
export interface ControlProps<Value> {
  id: string;
  name: string;
  value: Value;
  onChange: (value: Value) => void;
  onBlur?: () => void;
  invalid: boolean;
  /** aria-describedby of the control: its description and error. */
  describedBy?: string;
  /** Lets the form focus the first field with an error on submit. */
  inputRef?: (element: HTMLElement | null) => void;
}
