import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

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
      'no-restricted-imports': ['error', { patterns: ['@/server/*', '**/server/*', '@/sandbox/*', '**/sandbox/*'] }],
    },
  },
  globalIgnores(['.next/**', '.next-*/**', 'node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**', 'e2e/output/**', 'next-env.d.ts', 'public/pdf.worker*']),
]);
