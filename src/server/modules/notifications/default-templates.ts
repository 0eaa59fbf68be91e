/**
 * Default e-mail templates (Liquid). Each documents the variables it is rendered with; every
 * template also gets `shop_name` and `store`. Admin overrides (issue: notifications) replace the body.
 */
export interface DefaultTemplate {
  subject: string;
  html: string;
  variables: Record<string, string>;
}

const layout = (body: string) => `<div style="font-family:Arial,sans-serif;max-width:560px;margin:auto;color:#111827">
  <h2 style="color:#4f46e5">{{ shop_name }}</h2>
  ${body}
</div>`;

export const DEFAULT_TEMPLATES = {
  'auth-change-password': {
    subject: 'Your {{ shop_name }} password code',
    variables: { code: 'the one-time code', link: 'the change-password page with code and e-mail filled in', minutes: 'minutes the code stays valid' },
    html: layout(`<p>Use this code to reset your password: <strong style="font-size:20px;letter-spacing:2px">{{ code }}</strong></p>
  <p>It is valid for {{ minutes }} minutes. <a href="{{ link }}">Reset your password</a></p>
  <p>If you did not ask for this, ignore this e-mail; your password stays as it is.</p>`),
  },
  'auth-invite': {
    subject: 'Your {{ shop_name }} account is ready',
    variables: { code: 'the one-time code', link: 'the change-password page that sets the first password', vendor: 'the vendor name' },
    html: layout(`<p>Welcome {{ vendor }}! Your account on {{ shop_name }} has been created.</p>
  <p><a href="{{ link }}">Set your password</a> to sign in.</p>`),
  },
  'vendor-rejection': {
    subject: 'Your application to {{ shop_name }}',
    variables: { vendor: 'the vendor name the applicant chose' },
    html: layout(`<p>Thank you for applying as {{ vendor }}. After careful review we cannot accept your application at this time.</p>`),
  },
  'marketplace-new-vendor': {
    subject: 'New vendor: {{ vendor }}',
    variables: { vendor: 'the vendor name', email: 'the e-mail of its account' },
    html: layout(`<p>{{ vendor }} ({{ email }}) is now a vendor of {{ shop_name }}; an invite to set a password was sent.</p>`),
  },
  'vendor-pending-approval': {
    subject: 'We received your application to {{ shop_name }}',
    variables: { vendor: 'the vendor name the applicant chose' },
    html: layout(`<p>Thank you for applying as {{ vendor }}. We review every application and will get back to you shortly.</p>`),
  },
  'marketplace-vendor-request': {
    subject: 'New vendor application: {{ vendor }}',
    variables: { vendor: 'the vendor name', email: 'the applicant e-mail', link: 'the applications screen' },
    html: layout(`<p>{{ vendor }} ({{ email }}) applied to sell on {{ shop_name }}.</p>
  <p><a href="{{ link }}">Review the application</a></p>`),
  },
  'marketplace-contact-message': {
    subject: '{{ subject }}',
    variables: { subject: 'what the buyer sent', email: 'the sender e-mail', lines: 'the message lines' },
    html: layout(`<p>From: {{ email | default: "anonymous" }}</p>
  {% for line in lines %}<p>{{ line }}</p>{% endfor %}`),
  },
  'marketplace-new-subscriber': {
    subject: 'New subscriber: {{ email }}',
    variables: { email: 'the address that subscribed' },
    html: layout(`<p>{{ email }} subscribed to the news of {{ shop_name }}.</p>`),
  },
} satisfies Record<string, DefaultTemplate>;

export type TemplateName = keyof typeof DEFAULT_TEMPLATES;
