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
    // Routes and pages are thin (DESIGN.md §2): what they do with the Signing API is a use case
    // under server/<noun>/, so the upstream client and its machinery stay out of app/.
    files: ['app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/server/signing-api', '@/server/signing-api/**', '**/server/signing-api', '**/server/signing-api/**'],
              message: 'app/ calls a use case (server/<noun>/<verb-noun>.ts), never the Signing API client.',
            },
          ],
        },
      ],
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
