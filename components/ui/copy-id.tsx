'use client';

import { useEffect, useState } from 'react';
import { toast } from './toast';

/** An identifier in monospace with a button that copies it to the clipboard. */
export function CopyId({ value, label = 'id', className = '' }: { value: string; label?: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      toast.error('Could not copy to the clipboard. Select the text and copy it instead.');
    }
  }

  return (
    <span className={`inline-flex max-w-full items-center gap-0.5 align-middle ${className}`}>
      <code className="truncate rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800">{value}</code>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={`Copy ${label} ${value}`}
        title={copied ? 'Copied' : `Copy ${label}`}
        className="shrink-0 rounded p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {copied ? (
          <svg viewBox="0 0 20 20" fill="currentColor" className="size-3.5 text-green-700" aria-hidden>
            <path
              fillRule="evenodd"
              d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
              clipRule="evenodd"
            />
          </svg>
        ) : (
          <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" className="size-3.5" aria-hidden>
            <rect x="7" y="7" width="10" height="10" rx="1.5" />
            <path d="M13 7V4.5A1.5 1.5 0 0 0 11.5 3h-7A1.5 1.5 0 0 0 3 4.5v7A1.5 1.5 0 0 0 4.5 13H7" />
          </svg>
        )}
      </button>
      <span role="status" className="sr-only">
        {copied ? `Copied ${value}` : ''}
      </span>
    </span>
  );
}
