'use client';

import dynamic from 'next/dynamic';
import { openedLazily } from './opened-lazily';
import type { DialogProps } from './dialog-view';

export type { DialogProps } from './dialog-view';

/** See DialogView; Radix's dialog loads as it first opens. */
export const Dialog = openedLazily(dynamic<DialogProps>(() => import('./dialog-view').then((m) => m.DialogView), { ssr: false }));
