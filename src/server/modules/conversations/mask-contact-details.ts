/** What a masked contact detail reads as. */
export const HIDDEN = '[hidden]';

// Top-level domains people actually type; the spelled-out forms ("shop at gmail dot com") only count
// with one of these, so ordinary sentences with "at" and a full stop stay untouched.
const TLD = '(?:com|net|org|info|biz|io|co|me|eu|nl|be|de|fr|es|it|uk|us|ca|au|ch|at|pl|se|dk|no|fi|pt|ie|lu|shop|store|online)';
const AT = String.raw`(?:\s*@\s*|\s*[([{<]\s*at\s*[)\]}>]\s*|\s+at\s+|\s*\bat\b\s*(?=[a-z0-9-]+\s*(?:\.|\bdot\b)))`;
const DOT = String.raw`(?:\s*\.\s*|\s*[([{<]\s*dot\s*[)\]}>]\s*|\s+dot\s+|\s+punt\s+|\s+point\s+|\s+punkt\s+|\s+punto\s+)`;

const PATTERNS: RegExp[] = [
  // name@example.com, name (at) example (dot) com, name at example dot com
  new RegExp(String.raw`[a-z0-9][a-z0-9._%+-]*${AT}[a-z0-9-]+(?:${DOT}[a-z0-9-]+)*${DOT}${TLD}\b`, 'gi'),
  // plain e-mail addresses with any domain
  /[a-z0-9][a-z0-9._%+-]*@[a-z0-9-]+(?:\.[a-z0-9-]+)+/gi,
  // links: a scheme, www., or a bare domain with a known TLD (and its path)
  /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi,
  new RegExp(String.raw`\b[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*(?:\.|\s+dot\s+|\s*[([{]dot[)\]}]\s*)${TLD}\b(?:/[^\s<>"]*)?`, 'gi'),
];

// Digits and the words for them (en, nl, de, fr, es): a phone number read out loud.
const DIGIT_WORDS = new Set(
  (
    'zero oh one two three four five six seven eight nine ' +
    'nul een twee drie vier vijf zes zeven acht negen ' +
    'null eins zwei drei vier fünf sechs sieben acht neun ' +
    'zéro un deux trois quatre cinq six sept huit neuf ' +
    'cero uno dos tres cuatro cinco seis siete ocho nueve'
  ).split(' '),
);

// A run of digits with phone separators, not inside a word (tracking codes); counted afterwards (7 to 15 digits).
const PHONE = /(?<![\w.,])(?:\+|00)?\d[\d\s().\/-]{5,}\d(?![\w])/g;
// Dates, times and amounts read like numbers but are not phone numbers: kept out of the search.
const DATE_OR_TIME = /\b(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}|\d{1,2}[:h]\d{2})\b/g;
const NOT_A_PHONE = [/^\d{1,3}([.,]\d{3})+([.,]\d{2})?$/, /^(?:19|20)\d\d[-/]\d{1,6}$/];

function maskPhonesIn(text: string): string {
  return text.replace(PHONE, (match) => {
    const trimmed = match.trim();
    const digits = trimmed.replace(/\D/g, '').length;
    if (digits < 7 || digits > 15 || NOT_A_PHONE.some((re) => re.test(trimmed))) return match;
    // An unbroken number is a phone number when it is dialled like one (0..., +...) or long enough;
    // shorter ones are references, dates and amounts.
    if (/^\d+$/.test(trimmed) && !trimmed.startsWith('0') && digits < 10) return match;
    return HIDDEN;
  });
}

function maskPhones(text: string): string {
  let out = '';
  let last = 0;
  for (const found of text.matchAll(DATE_OR_TIME)) {
    out += maskPhonesIn(text.slice(last, found.index)) + found[0];
    last = found.index + found[0].length;
  }
  return out + maskPhonesIn(text.slice(last));
}

/** Seven or more digits in a row written as words (or mixed with digits): masked as one number. */
function maskSpelledNumbers(text: string): string {
  const tokens = text.split(/(\s+|[,;:-])/);
  const isDigitToken = (token: string) => /^\d{1,4}$/.test(token) || DIGIT_WORDS.has(token.toLowerCase());
  const isSeparator = (token: string) => /^(\s+|[,;:-])?$/.test(token);
  let out = '';
  let i = 0;
  while (i < tokens.length) {
    if (!isDigitToken(tokens[i])) {
      out += tokens[i++];
      continue;
    }
    let j = i;
    let digits = 0;
    let words = 0;
    let end = i;
    while (j < tokens.length && (isDigitToken(tokens[j]) || isSeparator(tokens[j]))) {
      if (isDigitToken(tokens[j])) {
        digits += /^\d+$/.test(tokens[j]) ? tokens[j].length : 1;
        if (!/^\d+$/.test(tokens[j])) words++;
        end = j;
      }
      j++;
    }
    if (digits >= 7 && words >= 3) {
      out += HIDDEN;
      i = end + 1;
    } else {
      out += tokens[i++];
    }
  }
  return out;
}

/**
 * Hides e-mail addresses, phone numbers and links in a message, including their spelled-out forms
 * ("name at gmail dot com", "zero six one two ..."), so buyers and sellers keep the deal in the
 * marketplace when the store asks for it. Measured on a labelled corpus (mask-contact-details.test.ts).
 */
export function maskContactDetails(text: string): string {
  let masked = text;
  for (const pattern of PATTERNS) masked = masked.replace(pattern, HIDDEN);
  masked = maskPhones(masked);
  return maskSpelledNumbers(masked);
}

/** Whether a message carries a contact detail (what the corpus measures). */
export const hasContactDetails = (text: string) => maskContactDetails(text) !== text;
