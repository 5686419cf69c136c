// Lint: ESLint's recommended rules plus typescript-eslint's, over the TypeScript sources.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/build/**', 'bench/results/**', 'proto/contract/generated/**', 'gateway/client/generated/**'] },
  js.configs.recommended,
  {
    // plain JavaScript that runs on Node before or beside the compiled code (start-up check, probes, tool configs)
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { process: 'readonly', Buffer: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly', __dirname: 'readonly' } } },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
