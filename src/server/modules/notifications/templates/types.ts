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

/** One e-mail: its default subject and HTML body (Liquid), and the variables the sender provides. */
export interface TemplateDefinition {
  /** Who receives it and when, as the admin reads it in the template list. */
  description: string;
  subject: string;
  html: string;
  variables: Record<string, TemplateVariable>;
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
