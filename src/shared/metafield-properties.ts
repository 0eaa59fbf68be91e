/**
 * The property block a metafield description may carry: `{show:color|showWhen:red|required:true}`
 * in braces, pairs separated by `|`, key and value by `:`; `\` escapes `|`, `:`, `{`, `}` and `\`
 * inside values. One parser for the server (validation) and the forms (show/showWhen).
 */
export const SHOW_ALWAYS = '__alway';
export const SHOW_NEVER = '__never';

export interface DescriptionProperties {
  show?: string;
  showWhen?: string;
  required?: boolean;
}

export interface ParsedDescription {
  /** The description without the block, as shown to people. */
  text: string;
  properties: DescriptionProperties;
}

const escape = (value: string) => value.replace(/[\\|:{}]/g, (c) => `\\${c}`);

/** Splits on an unescaped separator and unescapes the parts. */
function splitUnescaped(input: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (c === '\\' && i + 1 < input.length) {
      current += c + input[++i];
    } else if (c === separator) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts;
}

const unescape = (value: string) => value.replace(/\\(.)/g, '$1');

/** Finds the first `{...}` block whose braces are not escaped. */
function findBlock(description: string): { start: number; end: number } | null {
  for (let i = 0; i < description.length; i++) {
    if (description[i] === '\\') {
      i++;
      continue;
    }
    if (description[i] !== '{') continue;
    for (let j = i + 1; j < description.length; j++) {
      if (description[j] === '\\') {
        j++;
        continue;
      }
      if (description[j] === '}') return { start: i, end: j };
    }
    return null;
  }
  return null;
}

export function parseDescription(description: string | null | undefined): ParsedDescription {
  const source = description ?? '';
  const block = findBlock(source);
  if (!block) return { text: unescape(source).trim(), properties: {} };
  const properties: DescriptionProperties = {};
  for (const pair of splitUnescaped(source.slice(block.start + 1, block.end), '|')) {
    const [rawKey, ...rest] = splitUnescaped(pair, ':');
    const key = unescape(rawKey).trim();
    const value = unescape(rest.join(':')).trim();
    if (key === 'show') properties.show = value;
    else if (key === 'showWhen') properties.showWhen = value;
    else if (key === 'required') properties.required = value === 'true';
  }
  const text = (source.slice(0, block.start) + source.slice(block.end + 1)).trim();
  return { text: unescape(text), properties };
}

export function formatDescription(text: string, properties: DescriptionProperties): string {
  const pairs: string[] = [];
  if (properties.show && properties.show !== SHOW_ALWAYS) pairs.push(`show:${escape(properties.show)}`);
  if (properties.showWhen) pairs.push(`showWhen:${escape(properties.showWhen)}`);
  if (properties.required) pairs.push('required:true');
  const escapedText = text.replace(/[\\{}]/g, (c) => `\\${c}`);
  return pairs.length ? `${escapedText} {${pairs.join('|')}}`.trim() : escapedText;
}

/**
 * Whether a field is shown, given the current values of the form: always when `show` is missing or
 * __alway, never for __never, otherwise when the named field has the `showWhen` value (or, without
 * showWhen, any value).
 */
export function isFieldShown(properties: DescriptionProperties, values: Record<string, unknown>): boolean {
  const show = properties.show;
  if (!show || show === SHOW_ALWAYS) return true;
  if (show === SHOW_NEVER) return false;
  const other = values[show];
  const present = (v: unknown) => v !== undefined && v !== null && v !== '' && v !== false && !(Array.isArray(v) && v.length === 0);
  if (!properties.showWhen) return present(other);
  if (Array.isArray(other)) return other.map(String).includes(properties.showWhen);
  return String(other ?? '') === properties.showWhen;
}
