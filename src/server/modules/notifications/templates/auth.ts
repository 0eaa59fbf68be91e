import { button, layout, toLink } from './layout.ts';
import { inEveryLanguage, secret, v, type TemplateDefinition } from './types.ts';

const code = secret('the one-time code', '48213095');
const bigCode = '<strong style="font-size:20px;letter-spacing:2px">{{ code }}</strong>';

export const AUTH_TEMPLATES = {
  'auth-change-password': {
    description: 'To a user who asked to reset the password: a one-time code and a link.',
    variables: {
      code,
      link: secret(
        'the change-password page with the code and e-mail filled in',
        'https://marketplace.example/app/login/change-password?code=48213095',
      ),
      minutes: v('minutes the code stays valid', 15),
    },
    ...inEveryLanguage(
      {
        en: {
          subject: 'Your {{ shop_name }} password code',
          useCode: 'Use this code to reset your password:',
          valid: 'It is valid for {{ minutes }} minutes.',
          reset: 'Reset your password',
          ignore: 'If you did not ask for this, ignore this e-mail; your password stays as it is.',
        },
        nl: {
          subject: 'Je wachtwoordcode voor {{ shop_name }}',
          useCode: 'Gebruik deze code om je wachtwoord opnieuw in te stellen:',
          valid: 'De code is {{ minutes }} minuten geldig.',
          reset: 'Stel je wachtwoord opnieuw in',
          ignore: 'Heb je hier niet om gevraagd? Negeer deze e-mail dan; je wachtwoord blijft zoals het is.',
        },
        de: {
          subject: 'Ihr Passwort-Code für {{ shop_name }}',
          useCode: 'Mit diesem Code setzen Sie Ihr Passwort zurück:',
          valid: 'Er ist {{ minutes }} Minuten gültig.',
          reset: 'Passwort zurücksetzen',
          ignore: 'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
        },
        fr: {
          subject: 'Votre code de mot de passe {{ shop_name }}',
          useCode: 'Utilisez ce code pour réinitialiser votre mot de passe :',
          valid: 'Il est valable {{ minutes }} minutes.',
          reset: 'Réinitialiser votre mot de passe',
          ignore: 'Si vous n’avez rien demandé, ignorez cet e-mail ; votre mot de passe reste inchangé.',
        },
        es: {
          subject: 'Tu código de contraseña de {{ shop_name }}',
          useCode: 'Usa este código para restablecer tu contraseña:',
          valid: 'Es válido durante {{ minutes }} minutos.',
          reset: 'Restablecer tu contraseña',
          ignore: 'Si no lo has pedido, ignora este correo; tu contraseña no cambia.',
        },
      },
      (w) => ({
        subject: w.subject,
        html: layout(`<p>${w.useCode} ${bigCode}</p>
  <p>${w.valid} ${toLink(w.reset)}</p>
  <p>${w.ignore}</p>`),
      }),
    ),
  },
  'auth-verify': {
    description: 'To an applicant: confirm the e-mail address with the link before the application reaches the admins.',
    variables: {
      code,
      link: secret(
        'the page that confirms the address',
        'https://marketplace.example/api/vendor/application/confirm?token=Qm9vLXNhbXBsZS10b2tlbg',
      ),
      minutes: v('minutes the code stays valid', 60),
    },
    ...inEveryLanguage(
      {
        en: {
          subject: 'Confirm your e-mail for {{ shop_name }}',
          confirm: 'Please confirm your e-mail address',
          withCode: 'with this code:',
          button: 'Confirm my e-mail',
          theCode: 'The code',
          theLink: 'The link',
          valid: 'is valid for {{ minutes }} minutes. If you did not ask for this, ignore this e-mail.',
        },
        nl: {
          subject: 'Bevestig je e-mailadres voor {{ shop_name }}',
          confirm: 'Bevestig je e-mailadres',
          withCode: 'met deze code:',
          button: 'Mijn e-mailadres bevestigen',
          theCode: 'De code',
          theLink: 'De link',
          valid: 'is {{ minutes }} minuten geldig. Heb je hier niet om gevraagd? Negeer deze e-mail dan.',
        },
        de: {
          subject: 'Bestätigen Sie Ihre E-Mail-Adresse für {{ shop_name }}',
          confirm: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
          withCode: 'mit diesem Code:',
          button: 'E-Mail-Adresse bestätigen',
          theCode: 'Der Code',
          theLink: 'Der Link',
          valid: 'ist {{ minutes }} Minuten gültig. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.',
        },
        fr: {
          subject: 'Confirmez votre e-mail pour {{ shop_name }}',
          confirm: 'Merci de confirmer votre adresse e-mail',
          withCode: 'avec ce code :',
          button: 'Confirmer mon e-mail',
          theCode: 'Le code',
          theLink: 'Le lien',
          valid: 'est valable {{ minutes }} minutes. Si vous n’avez rien demandé, ignorez cet e-mail.',
        },
        es: {
          subject: 'Confirma tu correo para {{ shop_name }}',
          confirm: 'Confirma tu dirección de correo',
          withCode: 'con este código:',
          button: 'Confirmar mi correo',
          theCode: 'El código',
          theLink: 'El enlace',
          valid: 'es válido durante {{ minutes }} minutos. Si no lo has pedido, ignora este correo.',
        },
      },
      (w) => ({
        subject: w.subject,
        html: layout(`<p>${w.confirm}{% if code %} ${w.withCode} ${bigCode}{% else %}.{% endif %}</p>
  ${button('{{ link }}', w.button)}
  <p>{% if code %}${w.theCode}{% else %}${w.theLink}{% endif %} ${w.valid}</p>`),
      }),
    ),
  },
  'auth-invite': {
    description: 'To a new vendor account: set the first password.',
    variables: {
      code,
      link: secret(
        'the change-password page that sets the first password',
        'https://marketplace.example/app/login/change-password?code=48213095',
      ),
      vendor: v('the vendor name', 'Green Pottery'),
    },
    ...inEveryLanguage(
      {
        en: {
          subject: 'Your {{ shop_name }} account is ready',
          welcome: 'Welcome {{ vendor }}! Your account on {{ shop_name }} has been created.',
          set: `${toLink('Set your password')} to sign in.`,
        },
        nl: {
          subject: 'Je account bij {{ shop_name }} staat klaar',
          welcome: 'Welkom {{ vendor }}! Je account bij {{ shop_name }} is aangemaakt.',
          set: `${toLink('Kies je wachtwoord')} om in te loggen.`,
        },
        de: {
          subject: 'Ihr Konto bei {{ shop_name }} ist bereit',
          welcome: 'Willkommen {{ vendor }}! Ihr Konto bei {{ shop_name }} wurde angelegt.',
          set: `${toLink('Legen Sie Ihr Passwort fest')}, um sich anzumelden.`,
        },
        fr: {
          subject: 'Votre compte {{ shop_name }} est prêt',
          welcome: 'Bienvenue {{ vendor }} ! Votre compte sur {{ shop_name }} a été créé.',
          set: `${toLink('Choisissez votre mot de passe')} pour vous connecter.`,
        },
        es: {
          subject: 'Tu cuenta de {{ shop_name }} está lista',
          welcome: '¡Bienvenido, {{ vendor }}! Tu cuenta en {{ shop_name }} se ha creado.',
          set: `${toLink('Elige tu contraseña')} para iniciar sesión.`,
        },
      },
      (w) => ({
        subject: w.subject,
        html: layout(`<p>${w.welcome}</p>
  <p>${w.set}</p>`),
      }),
    ),
  },
} satisfies Record<string, TemplateDefinition>;
