// Lint: TypeScript rules, import cycles, and the architecture's one-way dependencies
// (app → pages → features → components/stores → platform → services → domain; domain imports nothing else;
// a feature uses another feature only through that feature's index.ts; nothing but src/app.tsx uses src/app).
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import importPlugin from 'eslint-plugin-import'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const layer = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) })

/** The feature folders (src/features/<feature>/), read from the tree so a new feature is covered at once. */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/** Inside a feature anything of its own; of the other features their public index.ts only. */
const featureZones = FEATURES.map((feature) =>
  layer(
    `./src/features/${feature}`,
    './src/features',
    `a feature imports another feature only through its public entry, src/features/<feature>/index.ts.`,
    [`./${feature}`, ...FEATURES.filter((other) => other !== feature).map((other) => `./${other}/index.ts`)],
  ),
)

const UI_SERVICE_MESSAGE = 'toasts, dialogs and calls go through the UI service: useUi() (src/platform/ui-service.ts).'

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    settings: {
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      // PGlite's bundle overflows the import plugin's parser; it has no imports worth checking.
      'import/ignore': ['@electric-sql/pglite'],
    },
    rules: {
      'import/no-cycle': 'error',
      'import/no-self-import': 'error',
      'import/no-duplicates': 'error',
      'import/no-extraneous-dependencies': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      eqeqeq: ['error', 'always'],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            layer('./src/domain', './src', 'src/domain is pure: it imports nothing outside itself.', ['./domain']),
            layer('./src/config', './src/pages', 'config may not depend on pages.'),
            layer('./src/config', './src/components', 'config may not depend on components.'),
            layer('./src/config', './src/stores', 'config may not depend on stores.'),
            layer('./src/config', './src/services', 'config may not depend on services.'),
            layer('./src/config', './src/platform', 'config may not depend on platform.'),
            layer('./src/services', './src/pages', 'services sit below pages.'),
            layer('./src/services', './src/components', 'services sit below components.'),
            layer('./src/services', './src/stores', 'services sit below stores.'),
            layer('./src/services', './src/platform', 'services sit below platform: its adapters implement their interfaces.'),
            layer('./src/platform', './src/pages', 'platform sits below pages.'),
            layer('./src/platform', './src/components', 'platform sits below components.'),
            layer('./src/platform', './src/stores', 'platform sits below stores.'),
            layer('./src/stores', './src/pages', 'stores sit below pages.'),
            layer('./src/stores', './src/components', 'stores sit below components.'),
            layer('./src/components', './src/pages', 'components sit below pages.'),
            layer('./src/config', './src/features', 'config may not depend on features.'),
            layer('./src/services', './src/features', 'services sit below features.'),
            layer('./src/platform', './src/features', 'platform sits below features.'),
            layer('./src/stores', './src/features', 'stores sit below features.'),
            layer('./src/components', './src/features', 'shared components sit below features: what a feature owns stays in it.'),
            layer('./src/features', './src/pages', 'features sit below pages.'),
            ...featureZones,
            // The app layer builds and wires everything (src/app.tsx is its only user): nothing below imports it.
            ...['pages', 'features', 'components', 'stores', 'services', 'platform', 'config', 'domain'].map((below) =>
              layer(`./src/${below}`, './src/app', 'src/app is the composition root: only src/app.tsx uses it, and it hands each layer what it needs.'),
            ),
            layer('./server', './src', 'the server may use src/domain (and types/) only.', ['./domain']),
          ],
        },
      ],
    },
  },
  {
    // The domain has no Taro, React, MobX or I/O: it may import no package at all.
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^[^.]', message: 'src/domain is pure TypeScript: no package imports (Taro, React, services, I/O).' }] },
      ],
    },
  },
  {
    // Toasts, dialogs and phone calls go through the UI service (src/platform/ui-service.ts, useUi()),
    // which loads Taro's on first use: screens never call Taro's own.
    files: ['src/features/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}', 'src/pages/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['showToast', 'showModal', 'makePhoneCall'].map((property) => ({ object: 'Taro', property, message: UI_SERVICE_MESSAGE })),
      ],
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@tarojs/taro', importNames: ['showToast', 'showModal', 'makePhoneCall'], message: UI_SERVICE_MESSAGE }] },
      ],
    },
  },
  {
    // A screen is read in parts (issue 30): a function of a feature longer than a screenful is split
    // into components and hooks with one job each. Blank lines and comments count.
    files: ['src/features/**/*.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 80 }] },
  },
  {
    // App code writes no debug output; warnings and errors reach the host's console on purpose.
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-console': ['error', { allow: ['warn', 'error'] }] },
  },
  {
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['__tests__/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.jest } },
  },
)
