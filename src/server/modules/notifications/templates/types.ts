import type { AccountLanguage } from '#shared/schemas/account';

/** A variable a template is rendered with: what it holds, and the value previews and test e-mails use. */
export interface TemplateVariable {
  description: string;
  sample: unknown;
  /**
   * Grants access (a one-time code, a link carrying one): the mail carries it, the outbox that admins
   * read never does. `link`: a link whose token is the end of its path; the outbox shows the link with
   * only the token hidden, so the admin still sees where it leads.
   */
  secret?: true | 'link';
}

/** The languages a mail is written in: those a user can choose for the screens. */
export type MailLanguage = AccountLanguage;

/** A default subject and HTML body (Liquid). */
export interface MailText {
  subject: string;
  html: string;
}

/** One e-mail: its default subject and HTML body (Liquid), and the variables the sender provides. */
export interface TemplateDefinition extends MailText {
  /** Who receives it and when, as the admin reads it in the template list. */
  description: string;
  variables: Record<string, TemplateVariable>;
  /**
   * The default subject and body in the reader's language when it is not English (the English ones
   * above are what the editor starts from). Absent for the documents, which print in the language
   * of their addressee through their own labels.
   */
  translations?: Record<Exclude<MailLanguage, 'en'>, MailText>;
}

/**
 * A template's default text in every mail language, built from its words in each: the markup is
 * written once, only the words change.
 */
export function inEveryLanguage<Words>(
  words: Record<MailLanguage, Words>,
  build: (words: Words) => MailText,
): MailText & Required<Pick<TemplateDefinition, 'translations'>> {
  return {
    ...build(words.en),
    translations: { nl: build(words.nl), de: build(words.de), fr: build(words.fr), es: build(words.es) },
  };
}

export const v = (description: string, sample: unknown): TemplateVariable => ({ description, sample });

/** A variable that grants access; see TemplateVariable.secret. */
export const secret = (description: string, sample: unknown): TemplateVariable => ({ description, sample, secret: true });
/** A link that carries its owner's token at the end of its path; see TemplateVariable.secret. */
export const secretLink = (description: string, sample: unknown): TemplateVariable => ({ description, sample, secret: 'link' });

/**
 * A sample amount in minor units: previews, test e-mails and the editor's variable list show it
 * in the store's currency, formatted as the real mails format theirs.
 */
export class SampleMoney {
  constructor(readonly minor: number) {}
}
export const sampleMoney = (minor: number) => new SampleMoney(minor);
