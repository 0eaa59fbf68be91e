import { readdirSync } from 'node:fs';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The import plugin parses the files it follows with the TypeScript parser (without it, it silently
// follows nothing) and resolves relative paths and the #server/#web/#shared aliases.
const IMPORT_SETTINGS = {
  'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  'import/resolver': { typescript: { project: './tsconfig.json' } },
};

const noImport = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const webOnly = [
  { group: ['**/server/**'], message: 'The web app talks to the server over HTTP only.' },
  { regex: '^#server/', message: 'The web app talks to the server over HTTP only.' },
];
const features = readdirSync('src/web/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const serverModules = readdirSync('src/server/modules', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const moduleBoundary =
  'Another server module, app.ts and the server plumbing import a module only through its index.ts (../<module>/index.ts): what others may use is re-exported there.';
/** Tests set a scene with any module's internals (builders several modules' tests share live in test/support/). */
const TESTS = ['**/*.test.ts'];
/** The demo seeds a scene through the use cases themselves, as tests do. */
const DEMO = ['src/server/demo/**'];
const featureBoundary =
  'A web feature imports only components/, api/, session/, i18n/, src/shared and its own folder: move what several features use into components/ (or api/, session/).';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tmp/**', 'data/**', 'src/server/db/migrations/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  // No import cycles: oxlint's import/no-cycle (.oxlintrc.json, run by `npm run lint` after ESLint) checks
  // the whole graph in a second, where this plugin's rule took a minute of every lint.
  // React: the rules of hooks, and accessible markup.
  {
    files: ['src/web/**/*.tsx', 'src/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  { files: ['src/web/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  // A dialog moves focus to its first field on opening, as the WAI-ARIA dialog pattern asks.
  { files: ['src/web/**/*.tsx'], rules: { 'jsx-a11y/no-autofocus': 'off' } },
  // Boundaries: shared imports neither side; web never imports server; server never imports web.
  {
    files: ['src/shared/**'],
    rules: noImport([
      { group: ['**/server/**', '**/web/**'], message: 'src/shared imports only zod and pure helpers.' },
      // gitignore-style groups read a leading # as a comment: the aliases are matched by regex.
      { regex: '^#(server|web)/', message: 'src/shared imports only zod and pure helpers.' },
    ]),
  },
  {
    files: ['src/web/**'],
    rules: noImport(webOnly),
  },
  // The feature boundary (import/no-restricted-paths resolves relative paths; the alias is matched by name).
  {
    files: ['src/web/features/**'],
    plugins: { import: importPlugin },
    settings: IMPORT_SETTINGS,
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: features.map((feature) => ({
            target: `./src/web/features/${feature}`,
            from: './src/web/features',
            except: [`./${feature}`],
            message: featureBoundary,
          })),
        },
      ],
    },
  },
  ...features.map((feature) => ({
    files: [`src/web/features/${feature}/**`],
    rules: noImport([...webOnly, { regex: `^#web/features/(?!${feature}/)`, message: featureBoundary }]),
  })),
  {
    files: ['src/server/**'],
    rules: noImport([
      { group: ['**/web/**'], message: 'The server never imports the web app.' },
      { regex: '^#web/', message: 'The server never imports the web app.' },
    ]),
  },
  // The module boundary: another module's index.ts only (import/no-restricted-paths resolves relative
  // paths; the alias is matched by name).
  {
    files: ['src/server/modules/**'],
    ignores: TESTS,
    plugins: { import: importPlugin },
    settings: IMPORT_SETTINGS,
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: serverModules.map((mod) => ({
            target: `./src/server/modules/${mod}`,
            from: './src/server/modules',
            except: [`./${mod}`, ...serverModules.filter((other) => other !== mod).map((other) => `./${other}/index.ts`)],
            message: moduleBoundary,
          })),
        },
      ],
    },
  },
  // The app and the server's plumbing (app.ts, context.ts, http/, jobs/, lib/, db/, adapters/) use a module
  // through its index.ts too: app.ts builds the app from the modules' surfaces only.
  {
    files: ['src/server/**'],
    ignores: ['src/server/modules/**', ...DEMO, ...TESTS],
    plugins: { import: importPlugin },
    settings: IMPORT_SETTINGS,
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/server',
              from: './src/server/modules',
              except: serverModules.map((mod) => `./${mod}/index.ts`),
              message: moduleBoundary,
            },
          ],
        },
      ],
      ...noImport([
        { group: ['**/web/**'], message: 'The server never imports the web app.' },
        { regex: '^#web/', message: 'The server never imports the web app.' },
        { regex: '^#server/modules/[^/]+/(?!index$)', message: moduleBoundary },
      ]),
    },
  },
  // After the server's own rule, which these extend (a later config's options replace an earlier's).
  ...serverModules.map((mod) => ({
    files: [`src/server/modules/${mod}/**`],
    ignores: TESTS,
    rules: noImport([
      { group: ['**/web/**'], message: 'The server never imports the web app.' },
      { regex: '^#web/', message: 'The server never imports the web app.' },
      { regex: `^#server/modules/(?!${mod}/)[^/]+/(?!index$)`, message: moduleBoundary },
    ]),
  })),
);
