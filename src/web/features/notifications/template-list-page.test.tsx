import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { TEMPLATE_NAMES } from '#shared/schemas/notifications';
import { i18next } from '#web/i18n/index.ts';
import { localeTexts } from '#web/i18n/locale-texts.ts';

// The templates as GET notifications/templates answers them.
vi.mock('./api/notifications.ts', () => ({
  useTemplates: () => ({
    data: {
      templates: [
        {
          name: 'marketplace-on-product-submitted',
          description: 'To admins: a vendor submitted a product that waits for approval.',
          enabled: true,
          customised: false,
        },
        { name: 'order-reminder-2', description: 'To a vendor: reminder 2.', enabled: false, customised: true },
        { name: 'auth-change-password', description: 'To a user: the password reset code.', enabled: true, customised: false },
        { name: 'doc-packing-slip', description: 'The packing slip a vendor puts in the parcel.', enabled: true, customised: false },
      ],
    },
    isLoading: false,
  }),
  useNotificationSettings: () => ({ data: { disableAll: false, templates: {} } }),
  saveNotificationSettings: vi.fn(),
}));

// The store calls its products "items", in Dutch "artikelen".
vi.mock('../../api/app-info.ts', async () => {
  const { WordingsSchema } = await import('#shared/schemas/registration');
  return {
    useAppInfo: () => ({
      data: {
        wordings: WordingsSchema.parse({ product: 'item', products: 'items' }),
        wordingsByLanguage: { nl: { product: 'artikel', products: 'artikelen' } },
      },
    }),
  };
});

// GET documents: PDFs, unless a test says the server has no Chromium.
const documents = { format: 'pdf' };
vi.mock('../../api/documents.ts', () => ({ useDocumentsInfo: () => ({ data: documents }) }));

const { TemplateListPage } = await import('./template-list-page.tsx');

beforeAll(async () => {
  await i18next.loadNamespaces(['notifications']);
});

describe('the notification templates', () => {
  it('are listed by their purpose in words, in the reader’s language and the store’s words', async () => {
    await i18next.changeLanguage('en');
    const { unmount } = render(
      <MemoryRouter>
        <TemplateListPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Item submitted for approval' })).toHaveAttribute(
      'href',
      '/notifications/templates/marketplace-on-product-submitted',
    );
    expect(screen.getByRole('link', { name: 'Order still to ship: second reminder' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Send Item submitted for approval' })).toBeInTheDocument();
    expect(screen.getByText('To admins: a vendor submitted a item that waits for approval.')).toBeInTheDocument();
    // A mail people need to sign in cannot be switched off.
    expect(screen.getAllByRole('switch')).toHaveLength(3);
    expect(screen.getByText('Always sent')).toBeInTheDocument();
    unmount();
    await i18next.changeLanguage('nl');
    render(
      <MemoryRouter>
        <TemplateListPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Artikel ingediend ter goedkeuring' })).toBeInTheDocument();
    // Who gets it and when, in Dutch and the store's Dutch words, not the server's English description.
    expect(screen.getByText('Aan beheerders: een verkoper diende een artikel in dat op goedkeuring wacht.')).toBeInTheDocument();
    expect(screen.queryByText(/To admins/)).toBeNull();
    await i18next.changeLanguage('en');
  });

  it('every template has its purpose and description in en, nl, de, fr and es', () => {
    for (const lang of ['en', 'nl', 'de', 'fr', 'es']) {
      const texts = localeTexts('notifications', lang);
      expect(
        TEMPLATE_NAMES.filter((name) => !texts[`templates.names.${name}`] || !texts[`templates.descriptions.${name}`]),
        lang,
      ).toEqual([]);
    }
  });

  it('a document template is offered for download, not sent; without Chromium the screen says how to get PDFs', async () => {
    await i18next.changeLanguage('en');
    const { unmount } = render(
      <MemoryRouter>
        <TemplateListPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('switch', { name: 'Offer Packing slip for download' })).toBeInTheDocument();
    expect(screen.queryByText('Documents open as pages to print')).toBeNull();
    unmount();
    documents.format = 'html';
    render(
      <MemoryRouter>
        <TemplateListPage />
      </MemoryRouter>,
    );
    expect(screen.getByText('Documents open as pages to print')).toBeInTheDocument();
    expect(
      screen.getByText(/install Debian’s chromium package on the server \(apt-get install chromium\) or set CHROMIUM_PATH/),
    ).toBeInTheDocument();
    documents.format = 'pdf';
  });
});
