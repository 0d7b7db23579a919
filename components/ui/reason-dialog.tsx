'use client';

import dynamic from 'next/dynamic';
import { openedLazily } from './opened-lazily';
import type { ReasonDialogProps } from './reason-dialog-view';

export type { ReasonDialogProps } from './reason-dialog-view';

/** See ReasonDialogView; its code loads as it first opens. */
export const ReasonDialog = openedLazily(
  dynamic<ReasonDialogProps>(() => import('./reason-dialog-view').then((m) => m.ReasonDialogView), { ssr: false }),
);
