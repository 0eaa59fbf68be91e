import { findNumbers, type CountryCode } from 'libphonenumber-js/max';
import { LinkifyIt } from 'linkify-it';

/** What a masked contact detail reads as. */
export const HIDDEN = '[hidden]';

/**
 * Where a number is tried as a phone number: the marketplace's five languages' countries and the
 * numbers buyers quote from abroad. Trying a country only adds numbers valid there.
 */
const PHONE_COUNTRIES: CountryCode[] = ['NL', 'BE', 'DE', 'AT', 'CH', 'FR', 'ES', 'GB', 'US'];
// People write these countries' numbers without a trunk prefix ("612 345 678", "415 555 2671"); elsewhere
// a number with neither "0" nor "+" in front is an order number, an EAN or an amount.
const WRITTEN_WITHOUT_PREFIX = new Set<CountryCode>(['ES', 'US']);

const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true }).tlds(
  ['online', 'store', 'site', 'app', 'io', 'me', 'eu', 'link', 'tv', 'dev', 'page', 'blog', 'club', 'xyz', 'top'],
  true,
);

// Mail services people name instead of a whole address ("jan at gmail").
const MAIL_SERVICES = String.raw`(?:gmail|googlemail|hotmail|outlook|live|yahoo|icloud|me|gmx|web|proton(?:mail)?|ziggo|kpn(?:mail)?|telenet|skynet|orange|free|wanadoo|laposte|sfr|t-online|freenet|movistar|telefonica)`;

/** One rewrite of the text that keeps, for every character, the span of the original it stands for. */
class MappedText {
  constructor(
    public text: string,
    private starts: number[] = Array.from({ length: text.length }, (_, i) => i),
    private ends: number[] = Array.from({ length: text.length }, (_, i) => i + 1),
  ) {}

  replace(pattern: RegExp, replacement: (match: RegExpExecArray) => string): MappedText {
    let text = '';
    const starts: number[] = [];
    const ends: number[] = [];
    let last = 0;
    const keep = (from: number, to: number) => {
      text += this.text.slice(from, to);
      starts.push(...this.starts.slice(from, to));
      ends.push(...this.ends.slice(from, to));
    };
    for (const match of this.text.matchAll(pattern)) {
      const at = match.index;
      keep(last, at);
      const by = replacement(match as RegExpExecArray);
      const end = at + match[0].length;
      const [from, to] = [this.starts[at], this.ends[end - 1]];
      for (const char of by.split('')) {
        text += char;
        starts.push(from);
        ends.push(to);
      }
      last = end;
    }
    keep(last, this.text.length);
    return new MappedText(text, starts, ends);
  }

  /** The span of the original text that [from, to) of this text stands for. */
  original(from: number, to: number): Span {
    return [this.starts[from], this.ends[to - 1]];
  }
}

type Span = [from: number, to: number];

// Numbers read out loud, in en, nl, de, fr and es: digits, and the teens and tens people group a phone number in.
const NUMBER_WORDS: Record<string, number> = { oh: 0, zwo: 2, één: 1, eén: 1 };
const lists: [words: string, from: number, step: number][] = [
  ['zero one two three four five six seven eight nine', 0, 1],
  ['nul een twee drie vier vijf zes zeven acht negen', 0, 1],
  ['null eins zwei drei vier fünf sechs sieben acht neun', 0, 1],
  ['zéro un deux trois quatre cinq six sept huit neuf', 0, 1],
  ['cero uno dos tres cuatro cinco seis siete ocho nueve', 0, 1],
  ['ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen', 10, 1],
  ['tien elf twaalf dertien veertien vijftien zestien zeventien achttien negentien', 10, 1],
  ['zehn elf zwölf dreizehn vierzehn fünfzehn sechzehn siebzehn achtzehn neunzehn', 10, 1],
  ['dix onze douze treize quatorze quinze seize', 10, 1],
  ['diez once doce trece catorce quince dieciséis diecisiete dieciocho diecinueve', 10, 1],
  ['twenty thirty forty fifty sixty seventy eighty ninety', 20, 10],
  ['twintig dertig veertig vijftig zestig zeventig tachtig negentig', 20, 10],
  ['zwanzig dreißig vierzig fünfzig sechzig siebzig achtzig neunzig', 20, 10],
  ['vingt trente quarante cinquante soixante', 20, 10],
  ['veinte treinta cuarenta cincuenta sesenta setenta ochenta noventa', 20, 10],
];
for (const [words, from, step] of lists) words.split(' ').forEach((word, i) => (NUMBER_WORDS[word] = from + i * step));
const WORD = `(?:${Object.keys(NUMBER_WORDS)
  .sort((a, b) => b.length - a.length)
  .join('|')})`;
const TENS = `(?:${Object.keys(NUMBER_WORDS)
  .filter((word) => NUMBER_WORDS[word] >= 20)
  .join('|')})`;
const UNIT = `(?:${Object.keys(NUMBER_WORDS)
  .filter((word) => NUMBER_WORDS[word] >= 1 && NUMBER_WORDS[word] <= 9)
  .sort((a, b) => b.length - a.length)
  .join('|')})`;
// "thirty-four", "thirty four", "trente-quatre", "soixante-dix-huit", "treinta y cuatro", "vierendertig", "vierunddreißig".
const NUMBER_SOURCE = String.raw`(?<![\p{L}])(?:${WORD}(?:en|ën|und)${WORD}|${TENS}\s+${UNIT}|${WORD}(?:(?:-et-|-|\s+(?:y|et|and)\s+)${WORD})*)(?![\p{L}])`;
const NUMBER = new RegExp(NUMBER_SOURCE, 'giu');

/** The digits a number word stands for ("six" → 6, "trente-quatre" → 34, "quatre-vingt-douze" → 92). */
function numberValue(words: string): string {
  const glued = words.toLowerCase().match(new RegExp(`^(${WORD})(?:en|ën|und)(${WORD})$`, 'u'));
  const parts = glued ? [glued[2], glued[1]] : words.toLowerCase().split(/-et-|-|\s+(?:y|et|and)\s+|\s+/);
  let total = 0;
  for (let i = 0; i < parts.length; i++) {
    if (parts[i] === 'quatre' && /^vingts?$/.test(parts[i + 1] ?? '')) {
      total += 80;
      i++;
    } else total += NUMBER_WORDS[parts[i]] ?? 0;
  }
  return String(total);
}

// Three or more number words (or digit groups) in a row, at least one of them a word: one number read out loud.
const NUMBER_RUN = new RegExp(String.raw`(?:${NUMBER_SOURCE}|\d+)(?:[\s,;-]+(?:${NUMBER_SOURCE}|\d+)){2,}`, 'giu');
const SEPARATORS = /[\s,;-]+/g;

const AT_WORDS = String.raw`(?:at|apenstaartje|klammeraffe|arobase|arroba|chiocciola)`;
const DOT_WORDS = String.raw`(?:dot|punt|punkt|point|punto)`;
const BRACKETED = new RegExp(String.raw`\s*[([{<]\s*(${AT_WORDS}|${DOT_WORDS}|@|\.)\s*[)\]}>]\s*`, 'giu');
const IS_DOT = new RegExp(String.raw`^(?:${DOT_WORDS}|\.)$`, 'i');
const TLD = '(?:com|net|org|info|biz|io|co|me|eu|nl|be|de|fr|es|it|uk|us|ca|au|ch|at|pl|se|dk|no|fi|pt|ie|lu|shop|store|online)';

/**
 * The text as a filter-dodger meant it: letters spaced out joined up, "at"/"dot" in any of the five
 * languages as "@" and ".", digits read out loud as digits. Only the detectors read it; the mask is
 * applied to the original.
 */
function normalize(text: string): MappedText {
  return (
    new MappedText(text)
      // "j o h n @ g m a i l . c o m", "0 6 1 2 3 4 ..."
      .replace(/(?<!\S)\S(?: \S(?!\S)){3,}/g, (m) => m[0].replace(/ /g, ''))
      // "(at)", "[dot]", "{at}", "<dot>"
      .replace(BRACKETED, (m) => (IS_DOT.test(m[1]) ? '.' : '@'))
      // "jan at gmail dot com", "piet apenstaartje kpn punt nl": the words count between an address's parts only
      .replace(new RegExp(String.raw`\s+${DOT_WORDS}\s+(?=${TLD}\b|[a-z0-9-]+\s+${DOT_WORDS}\s+)`, 'giu'), () => '.')
      .replace(new RegExp(String.raw`(?<=[\p{L}0-9])\s+${AT_WORDS}\s+(?=\p{L}[\p{L}0-9-]*(?:\.|$|\s|,))`, 'giu'), () => '@')
      .replace(/(?<=[\w.])\s*[@＠]\s*(?=\w)/gu, () => '@')
      // "zero six one two ...", "06 een twee drie ...": one unbroken number
      .replace(NUMBER_RUN, (m) => (/^[\d\s,;-]+$/.test(m[0]) ? m[0] : m[0].replace(NUMBER, (w) => numberValue(w)).replace(SEPARATORS, '')))
  );
}

// Words that make a following number a reference rather than a phone number ("order number is 2024-001234").
const REFERENCE_BEFORE =
  /(?:\b(?:order|bestel|bezorg|koerier|kurier|courier|livreur|repartidor|avis|aviso|r[eé]f|track|trace|zending|pakket|sendung|paket|commande|suivi|colis|pedido|env[ií]o|seguimiento|artikel|article|art[ií]culo|ean|isbn|gtin|sku|factuur|invoice|rechnung|facture|factura|transact|iban|kvk|btw|vat|ust|tva|iva|code|barcode|batch|postnl|dhl|ups|dpd|gls|colissimo|correos)|#|nº|n°)\S*(?:[\s:.#-]+\S+){0,2}[\s:.#-]*$/i;
const DATE = /^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$|^\d{4}[./-]\d{1,2}[./-]\d{1,2}$/;

/**
 * Phone numbers by libphonenumber's finder, tried as each country's. A number dialled abroad (+, 00)
 * counts when it could be one; one with a trunk "0" when it is valid or as long as a whole national
 * number; one with neither only where people write it so and only grouped like a phone number.
 */
function phoneSpans(normal: MappedText): Span[] {
  // Most messages have too few digits for a phone number: the finder is not asked.
  if ((normal.text.match(/\d/g)?.length ?? 0) < 7) return [];
  const spans: Span[] = [];
  for (const country of PHONE_COUNTRIES) {
    // `leniency` is an option of the finder its typings leave out.
    for (const found of findNumbers(normal.text, { defaultCountry: country, leniency: 'POSSIBLE', v2: true } as {
      defaultCountry: CountryCode;
      v2: true;
    })) {
      const written = normal.text.slice(found.startsAt, found.endsAt);
      const digits = written.replace(/\D/g, '').length;
      const international = /^\(?(?:\+|00)/.test(written);
      const trunk = !international && /^\(?0/.test(written);
      // Inside a word it is part of a code (a tracking number such as 3SXYZA0012345678).
      if (
        DATE.test(written) ||
        /[\p{L}\d]/u.test(normal.text[found.startsAt - 1] ?? '') ||
        /[\p{L}\d]/u.test(normal.text[found.endsAt] ?? '')
      )
        continue;
      if (!international && REFERENCE_BEFORE.test(normal.text.slice(Math.max(0, found.startsAt - 40), found.startsAt))) continue;
      const phoneLike =
        international ||
        (trunk && ((digits >= 10 && digits <= 11) || found.number.isValid())) ||
        (!trunk &&
          WRITTEN_WITHOUT_PREFIX.has(country) &&
          found.number.isValid() &&
          found.number.country === country &&
          /^(?:\(?\d{2,4}\)?[\s./-]?){2,5}$/.test(written) &&
          written.split(/\D+/).every((group) => group.length <= 4 || (country === 'ES' && digits === 9)));
      if (phoneLike) spans.push(normal.original(found.startsAt, found.endsAt));
    }
  }
  return spans;
}

// "jan at gmail", "mail me on jan@hotmail": an address without its domain's ending is still one.
const NAMED_SERVICE = new RegExp(String.raw`[\p{L}0-9][\p{L}0-9._%+-]*@${MAIL_SERVICES}\b`, 'giu');

function linkSpans(normal: MappedText): Span[] {
  const spans = (linkify.match(normal.text) ?? [])
    // "you@10.30" is a time, not an address: a domain ends in letters.
    .filter((m) => m.schema !== 'mailto:' || /\.\p{L}{2,}$/u.test(m.raw))
    .map((m) => normal.original(m.index, m.lastIndex));
  for (const m of normal.text.matchAll(NAMED_SERVICE)) spans.push(normal.original(m.index, m.index + m[0].length));
  return spans;
}

// Social networks and messengers, as people name them in the five languages.
const NETWORK = String.raw`(?:whats\s?app|wh?atsap+|insta(?:gram)?|IG|telegram|snap(?:chat)?|signal|facebook|FB|messenger|tik\s?tok|viber|wechat|discord|skype)`;
// "WhatsApp me", "add me on insta", "stuur me een appje", "schreib mir auf Telegram", "écris-moi sur insta", "escríbeme por WhatsApp".
const INVITE = [
  new RegExp(String.raw`\b${NETWORK}\s+(?:me|mij|mir|mich|moi|m'|us|ons|uns|nous)\b`, 'giu'),
  new RegExp(
    String.raw`\b(?:me|mij|mir|mich|moi|nous|us|ons|uns|nos)\b[^.!?\n]{0,30}?\b(?:on|op|via|auf|über|per|sur|par|en|por|in)\s+${NETWORK}\b`,
    'giu',
  ),
  new RegExp(
    String.raw`(?:escr[ií]be(?:me|nos)|ll[aá]ma(?:me|nos)|h[aá]bla(?:me|nos)|contact(?:a|e)(?:me|nos)|[eé]cris-(?:moi|nous)|appelle-moi)[^.!?\n]{0,20}?\b${NETWORK}\b`,
    'giu',
  ),
  new RegExp(
    String.raw`(?<!\b(?:la|el|une?|the|an?|die|der|de|het|een|l')\s+)\b(?:app(?:je|en)?\s+(?:me|mij|ons)|(?:stuur|stuurt|stuur\s+me)\s+(?:me\s+)?(?:een\s+)?appje|appje\s+(?:sturen|doen|naar)|mij\s+even\s+appen)\b`,
    'giu',
  ),
  // "my insta is jan.design", "insta: @jan", "IG jandesign", "mijn snap is ...", "mon insta c'est ...".
  new RegExp(String.raw`\b${NETWORK}\s*(?::|=|-|is|ist|es|est|c'est|account|naam|name|nombre|nom)\s*@?[\p{L}0-9_.]{3,30}`, 'giu'),
  new RegExp(String.raw`\b${NETWORK}\s+@[\p{L}0-9_.]{2,30}`, 'giu'),
  // "on Insta as holz.werk", "en Instagram como maderas.pablo", "sur insta sous le nom atelier.bois".
  new RegExp(String.raw`\b${NETWORK}\s+(?:as|als|onder|unter|como|comme|sous(?:\s+le\s+nom)?)\s+@?[\p{L}0-9_.]{3,30}`, 'giu'),
  // "send a DM on insta", "schreib mir bei Messenger", "envoie un DM sur insta", "mándame un DM por insta".
  new RegExp(
    String.raw`\b(?:dm|pm|message|text|bericht|berichtje|nachricht|schreib\p{L}*|stuur|envoie|[eé]cri[st]\p{L}*|m[aá]nda\p{L}*|escr[ií]be\p{L}*)\b[^.!?\n]{0,25}?\b(?:on|op|via|auf|über|bei|per|sur|par|en|por|in)\s+${NETWORK}\b`,
    'giu',
  ),
];
// A handle introduced by name near a network ("insta, je suis claire.fabrique", "ik heet daar rik.maakt.dingen"):
// letters joined by dots or underscores.
const HANDLE_NEAR_NETWORK = new RegExp(
  String.raw`(?<=\b${NETWORK}\b[^!?\n]{0,30}?\b(?:i'?m|i\s+am|handle|called|heet|hei(?:ß|ss)e\s+ich|ich\s+bin|bin\s+ich|je\s+suis|suis|soy|me\s+llamo)(?:\s+(?:there|daar|dort|là|all[ií]|ah[ií]))?\s+)@?\p{L}[\p{L}0-9]*(?:[._][\p{L}0-9]+)+(?![\p{L}0-9_@])`,
  'giu',
);
// "@jan.design": a handle, not an address or "@ 20 euro".
const HANDLE = /(?<![\p{L}0-9_.@])@(?=[\p{L}0-9_.]*\p{L})[\p{L}0-9_.]{3,30}(?![\p{L}0-9_@])/gu;

function socialSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const pattern of [...INVITE, HANDLE, HANDLE_NEAR_NETWORK]) {
    for (const m of text.matchAll(pattern)) spans.push([m.index, m.index + m[0].length]);
  }
  return spans;
}

function merged(spans: Span[]): Span[] {
  const sorted = spans.filter(([from, to]) => to > from).sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const out: Span[] = [];
  for (const span of sorted) {
    const last = out.at(-1);
    if (last && span[0] < last[1]) last[1] = Math.max(last[1], span[1]);
    else out.push([...span]);
  }
  return out;
}

// The same messages are read again and again (every open of a conversation); finding costs about a millisecond a message with numbers.
const found = new Map<string, Span[]>();
const FOUND_KEPT = 10_000;

/** The parts of a message that are contact details, in order and without overlaps. */
export function findContactDetails(text: string): Span[] {
  const known = found.get(text);
  if (known) return known;
  const normal = normalize(text);
  const spans = merged([...phoneSpans(normal), ...linkSpans(normal), ...socialSpans(text)]);
  if (found.size >= FOUND_KEPT) found.delete(found.keys().next().value!);
  found.set(text, spans);
  return spans;
}

/**
 * Hides e-mail addresses, phone numbers, links and social-network handles in a message, including
 * the ways people dodge a filter ("jan at gmail dot com", "nul zes een twee ...", "j o h n @ ...",
 * "WhatsApp me"), and leaves prices, dates, order and tracking numbers, EANs and ISBNs alone.
 * Measured on the labelled corpus in masking-corpus/ (`npm run bench:masking`).
 */
export function maskContactDetails(text: string): string {
  let out = '';
  let last = 0;
  for (const [from, to] of findContactDetails(text)) {
    out += text.slice(last, from) + HIDDEN;
    last = to;
  }
  return out + text.slice(last);
}

/** Whether a message carries a contact detail (what the corpus measures). */
export const hasContactDetails = (text: string) => findContactDetails(text).length > 0;
