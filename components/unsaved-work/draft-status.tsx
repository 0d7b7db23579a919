import { formatTime } from '@/lib/format';

/**
 * Whether what the form holds is saved as a draft. The live region is always there, so
 * "Draft saved" is announced when a save lands rather than only when the page loads.
 */
export function DraftStatus({ savedAt, dirty }: { savedAt: string | null; dirty: boolean }) {
  let text = '';
  if (savedAt) text = dirty ? `Unsaved changes · draft saved ${formatTime(savedAt)}` : `Draft saved · ${formatTime(savedAt)}`;
  return (
    // On a phone the status takes its own line, so the three buttons stay together below it.
    <p
      role="status"
      data-testid="draft-status"
      className={`mr-auto text-sm text-slate-600 ${text ? 'basis-full sm:basis-auto' : ''}`}
    >
      {text}
    </p>
  );
}
