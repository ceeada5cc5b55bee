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
            { sourceTag: 'type:language', onlyDependOnLibsWithTags: ['type:text'] },
            { sourceTag: 'type:media', onlyDependOnLibsWithTags: ['type:contracts'] },
            {
              sourceTag: 'type:privacy',
              onlyDependOnLibsWithTags: ['type:contracts', 'type:platform', 'type:testing'],
            },
            {
              sourceTag: 'type:citations',
              onlyDependOnLibsWithTags: ['type:text', 'type:language', 'type:contracts'],
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
                'type:privacy',
              ],
            },
            {
              sourceTag: 'type:policy',
              onlyDependOnLibsWithTags: [
                'type:contracts',
                'type:text',
                'type:language',
                'type:citations',
                'type:testing',
              ],
            },
            {
              sourceTag: 'type:reading',
              onlyDependOnLibsWithTags: [
                'type:text',
                'type:language',
                'type:citations',
                'type:policy',
              ],
            },
            {
              sourceTag: 'type:models',
              onlyDependOnLibsWithTags: [
                'type:platform',
                'type:testing',
                'type:text',
                'type:language',
                'type:citations',
                'type:policy',
                'type:reading',
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
                'type:language',
                'type:citations',
                'type:knowledge',
                'type:policy',
                'type:reading',
                'type:media',
                'type:privacy',
              ],
            },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['*'] },
          ],
        },
      ],
    },
  },
  {
    // Production code never imports test code: the testing package (test nats-servers, Chromium,
    // throw-away databases) and every package's `testing` subpath stay out of the images.
    files: ['**/*.ts'],
    ignores: ['**/*.spec.ts', '**/testing/**', 'apps/system-tests/**', 'apps/bench/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@support/testing', '@support/*/testing', '**/testing/*'],
              message: 'production code must not import test code (stand-ins live under testing/)',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  prettier,
);
