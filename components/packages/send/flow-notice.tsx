import type { BackReason } from './receipt-gone';

export interface Notice {
  tone: 'info' | 'warn';
  text: string;
}

/** Why the sender is back at the details, and what became of the preview. */
export const BACK_NOTICES: Record<BackReason, Notice> = {
  edit: { tone: 'info', text: 'Change what you need, then preview again: the review always shows exactly what will be sent.' },
  expired: {
    tone: 'warn',
    text: 'The preview expired before it was sent (receipts are valid 10 minutes), so nothing was sent. Your values are kept: preview again to review and send.',
  },
  consumed: {
    tone: 'warn',
    text: 'That preview has already been sent, so it cannot be sent again. Check the packages list before sending; your values are kept if you need a new preview.',
  },
  not_found: {
    tone: 'warn',
    text: 'That preview is no longer known to the Signing API, so nothing was sent. Your values are kept: preview again.',
  },
};

/** A notice above the send form: a warning is announced at once, information politely. */
export function FlowNotice({ notice }: { notice: Notice }) {
  return (
    <div
      role={notice.tone === 'warn' ? 'alert' : 'status'}
      className={`rounded-md p-3 text-sm ${notice.tone === 'warn' ? 'bg-amber-50 text-amber-950 ring-1 ring-amber-600/30' : 'bg-brand-50 text-brand-700'}`}
    >
      {notice.text}
    </div>
  );
}
