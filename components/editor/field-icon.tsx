import type { FieldType } from '@/lib/editor/field-types';

// One small line icon per field type, drawn in the current text colour.
const PATHS: Record<FieldType, React.ReactNode> = {
  signature: <path d="M2 12c2-4 3-7 4.5-7S6 11 8 11s2-3 3-3 1 2 2 2h1M2 14h12" />,
  initials: (
    <>
      <path d="M3 4v8M6 12V4l4 8V4" />
      <path d="M12 11.5h.5" />
    </>
  ),
  date: (
    <>
      <rect x="2.5" y="3.5" width="11" height="10" rx="1.5" />
      <path d="M2.5 6.5h11M5.5 2v3M10.5 2v3" />
    </>
  ),
  text: <path d="M3 4h10M8 4v9M6 13h4" />,
  checkbox: (
    <>
      <rect x="2.5" y="2.5" width="11" height="11" rx="1.5" />
      <path d="M5 8l2 2 4-4" />
    </>
  ),
};

export function FieldIcon({ type, className = 'size-4' }: { type: FieldType; className?: string }) {
  return (
    <svg
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden
    >
      {PATHS[type]}
    </svg>
  );
}
