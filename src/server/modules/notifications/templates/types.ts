/** A variable a template is rendered with: what it holds, and the value previews and test e-mails use. */
export interface TemplateVariable {
  description: string;
  sample: unknown;
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
