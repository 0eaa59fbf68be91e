import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from '../../src/web/i18n/index.ts';

// Components read their texts through i18next, in English as the spec words them.
await initI18n('en');

afterEach(() => cleanup());
