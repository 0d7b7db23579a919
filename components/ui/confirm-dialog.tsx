'use client';

import dynamic from 'next/dynamic';
import { openedLazily } from './opened-lazily';
import type { ConfirmDialogProps } from './confirm-dialog-view';

export type { ConfirmDialogProps } from './confirm-dialog-view';

/** See ConfirmDialogView; its code loads as it first opens. */
export const ConfirmDialog = openedLazily(
  dynamic<ConfirmDialogProps>(() => import('./confirm-dialog-view').then((m) => m.ConfirmDialogView), { ssr: false }),
);
