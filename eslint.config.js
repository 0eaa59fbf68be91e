import tseslint from 'typescript-eslint';

const noImport = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tmp/**', 'data/**', 'src/server/db/migrations/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  // Boundaries (STYLE.md): shared imports neither side; web never imports server; server never imports web.
  {
    files: ['src/shared/**'],
    rules: noImport([
      { group: ['#server/*', '#web/*', '**/server/**', '**/web/**'], message: 'src/shared imports only zod and pure helpers.' },
    ]),
  },
  {
    files: ['src/web/**'],
    rules: noImport([{ group: ['#server/*', '**/server/**'], message: 'The web app talks to the server over HTTP only.' }]),
  },
  {
    files: ['src/server/**'],
    rules: noImport([{ group: ['#web/*', '**/web/**'], message: 'The server never imports the web app.' }]),
  },
);
