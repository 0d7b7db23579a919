import type { Config } from 'tailwindcss';

// Tailwind 4 reads its theme from CSS; this file carries the few settings that are easier
// to keep in code and is loaded by app/globals.css through @config.
export default {
  content: ['./app/**/*.{ts,tsx}', './components/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: { 50: '#eef5ff', 100: '#d9e8ff', 500: '#2f6fed', 600: '#1f5ad6', 700: '#1846ab' },
      },
    },
  },
} satisfies Config;
