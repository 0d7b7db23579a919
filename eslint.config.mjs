import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const SERVER_ONLY = { group: ['@/server/*', '**/server/*', '@/sandbox/*', '**/sandbox/*'], message: 'Browser code must never reach server-only modules or the sandbox.' };

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Browser code must never reach server-only modules or the sandbox.
    files: ['components/**/*.{ts,tsx}', 'lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [SERVER_ONLY] }],
    },
  },
  {
    // A write and what is read again after it live in its resource's hook
    // (lib/<resource>/mutations.ts, ARCHITECTURE.md); components call those hooks.
    files: ['components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            SERVER_ONLY,
            { group: ['@/lib/use-keyed-mutation', '**/use-keyed-mutation*'], message: "Call the resource's mutation hook in lib/<resource>/mutations.ts." },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[property.name='invalidateQueries']", message: "The resource's mutation hook decides what is read again (lib/<resource>/mutations.ts)." },
      ],
    },
  },
  globalIgnores(['.next/**', '.next-*/**', 'node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**', 'e2e/output/**', 'next-env.d.ts', 'public/pdf.worker*']),
]);
