import { layout, button } from './layout.ts';
import { secret, v, type TemplateDefinition } from './types.ts';

const code = secret('the one-time code', '48213095');

export const AUTH_TEMPLATES = {
  'auth-change-password': {
    description: 'To a user who asked to reset the password: a one-time code and a link.',
    subject: 'Your {{ shop_name }} password code',
    variables: {
      code,
      link: secret(
        'the change-password page with the code and e-mail filled in',
        'https://marketplace.example/app/login/change-password?code=48213095',
      ),
      minutes: v('minutes the code stays valid', 15),
    },
    html: layout(`<p>Use this code to reset your password: <strong style="font-size:20px;letter-spacing:2px">{{ code }}</strong></p>
  <p>It is valid for {{ minutes }} minutes. <a href="{{ link }}">Reset your password</a></p>
  <p>If you did not ask for this, ignore this e-mail; your password stays as it is.</p>`),
  },
  'auth-verify': {
    description: 'To an applicant: confirm the e-mail address with the link before the application reaches the admins.',
    subject: 'Confirm your e-mail for {{ shop_name }}',
    variables: {
      code,
      link: secret(
        'the page that confirms the address',
        'https://marketplace.example/api/vendor/application/confirm?token=Qm9vLXNhbXBsZS10b2tlbg',
      ),
      minutes: v('minutes the code stays valid', 60),
    },
    html: layout(`<p>Please confirm your e-mail address{% if code %} with this code: <strong style="font-size:20px;letter-spacing:2px">{{ code }}</strong>{% else %}.{% endif %}</p>
  ${button('{{ link }}', 'Confirm my e-mail')}
  <p>{% if code %}The code{% else %}The link{% endif %} is valid for {{ minutes }} minutes. If you did not ask for this, ignore this e-mail.</p>`),
  },
  'auth-invite': {
    description: 'To a new vendor account: set the first password.',
    subject: 'Your {{ shop_name }} account is ready',
    variables: {
      code,
      link: secret(
        'the change-password page that sets the first password',
        'https://marketplace.example/app/login/change-password?code=48213095',
      ),
      vendor: v('the vendor name', 'Green Pottery'),
    },
    html: layout(`<p>Welcome {{ vendor }}! Your account on {{ shop_name }} has been created.</p>
  <p><a href="{{ link }}">Set your password</a> to sign in.</p>`),
  },
} satisfies Record<string, TemplateDefinition>;
