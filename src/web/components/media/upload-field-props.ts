import type { ControlProps } from '../form/control-props.ts';

/**
 * A metafield upload control's props: the public registration form has no session, so it names
 * the store; `onBusyChange` lets the form hold its submit until every upload has landed.
 */
export type UploadFieldProps<Value> = ControlProps<Value> & { store?: string; onBusyChange?: (busy: boolean) => void };
