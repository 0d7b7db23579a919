'use client';

import { createContext } from 'react';

/**
 * The locales the server formatted this page in (app/layout.tsx, from Accept-Language). Apart
 * from use-reader-locales.ts so the root layout's providers do not carry the formatting code.
 */
export const ServedLocales = createContext<readonly string[]>(['en-GB']);
