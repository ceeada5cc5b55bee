import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**', '.data/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...nx.configs['flat/base'],
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-unsafe-function-type': 'off',
      // Module boundaries by tag: services never import each other; libs only what sits below them.
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          enforceBuildableLibDependency: false,
          depConstraints: [
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'type:platform', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: [] },
            {
              sourceTag: 'type:vector-index',
              onlyDependOnLibsWithTags: ['type:platform', 'type:testing'],
            },
            { sourceTag: 'type:text', onlyDependOnLibsWithTags: [] },
            {
              sourceTag: 'type:citations',
              onlyDependOnLibsWithTags: ['type:text', 'type:contracts'],
            },
            {
              sourceTag: 'type:bus',
              onlyDependOnLibsWithTags: ['type:contracts', 'type:platform', 'type:testing'],
            },
            {
              sourceTag: 'type:persistence',
              onlyDependOnLibsWithTags: [
                'type:contracts',
                'type:platform',
                'type:bus',
                'type:testing',
                'type:text',
              ],
            },
            {
              sourceTag: 'type:policy',
              onlyDependOnLibsWithTags: [
                'type:contracts',
                'type:text',
                'type:citations',
                'type:testing',
              ],
            },
            {
              sourceTag: 'type:models',
              onlyDependOnLibsWithTags: [
                'type:platform',
                'type:testing',
                'type:text',
                'type:policy',
              ],
            },
            {
              sourceTag: 'type:analytics',
              onlyDependOnLibsWithTags: [
                'type:contracts',
                'type:bus',
                'type:platform',
                'type:testing',
                'type:policy',
              ],
            },
            {
              sourceTag: 'type:knowledge',
              onlyDependOnLibsWithTags: [
                'type:contracts',
                'type:platform',
                'type:text',
                'type:testing',
                'type:policy',
              ],
            },
            {
              sourceTag: 'type:service',
              onlyDependOnLibsWithTags: [
                'type:contracts',
                'type:platform',
                'type:bus',
                'type:persistence',
                'type:vector-index',
                'type:testing',
                'type:models',
                'type:text',
                'type:citations',
                'type:knowledge',
                'type:policy',
              ],
            },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['*'] },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ignores: ['services/gateway/src/web/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    // The web pages' classic scripts: browser globals only (no node), type-checked by
    // services/gateway/src/web/tsconfig.json. `_type` parameters only inform the type checker.
    files: ['services/gateway/src/web/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: Object.fromEntries(
        [
          'window',
          'document',
          'location',
          'history',
          'navigator',
          'sessionStorage',
          'localStorage',
          'fetch',
          'URL',
          'URLSearchParams',
          'WebSocket',
          'FileReader',
          'TextDecoder',
          'atob',
          'crypto',
          'setTimeout',
          'clearTimeout',
          'setInterval',
          'console',
          'HTMLElement',
          'HTMLAnchorElement',
          'HTMLButtonElement',
          'HTMLFormElement',
          'HTMLInputElement',
          'HTMLSelectElement',
          'HTMLTableElement',
          'HTMLTemplateElement',
          'HTMLTextAreaElement',
        ].map((name) => [name, 'readonly']),
      ),
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  prettier,
);
