'use client';

import dynamic from 'next/dynamic';
import { openedLazily } from '../ui/opened-lazily';
import type { LeaveDialogProps } from './leave-dialog-view';

export type { LeaveDialogProps } from './leave-dialog-view';

/** See LeaveDialogView; its code loads as it first opens. */
export const LeaveDialog = openedLazily(
  dynamic<LeaveDialogProps>(() => import('./leave-dialog-view').then((m) => m.LeaveDialogView), { ssr: false }),
);
