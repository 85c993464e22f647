// Lint: TypeScript rules, import cycles, and the architecture's one-way dependencies
// (pages → components/stores → services/platform → domain; domain imports nothing else).
import js from '@eslint/js'
import importPlugin from 'eslint-plugin-import'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const layer = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) })

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
            layer('./src/platform', './src/pages', 'platform sits below pages.'),
            layer('./src/platform', './src/components', 'platform sits below components.'),
            layer('./src/platform', './src/stores', 'platform sits below stores.'),
            layer('./src/stores', './src/pages', 'stores sit below pages.'),
            layer('./src/stores', './src/components', 'stores sit below components.'),
            layer('./src/components', './src/pages', 'components sit below pages.'),
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
