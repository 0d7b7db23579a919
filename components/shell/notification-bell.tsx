'use client';

import Link from 'next/link';
import type { Route } from 'next';
import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@/lib/format';
import { useMarkNotificationsRead } from '@/lib/notifications/mutations';
import { notificationsQuery } from '@/lib/notifications/queries';

/** The bell in the header: the unread count, and a panel of the newest notifications. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const query = useQuery(notificationsQuery());
  const mark = useMarkNotificationsRead();

  // Escape or a click outside closes the panel, as any disclosure.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onClick = (e: MouseEvent) => root.current && !root.current.contains(e.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  const unread = query.data?.unread ?? 0;
  const items = query.data?.data ?? [];
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-label={`Notifications, ${unread} unread`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="relative rounded-md p-1.5 text-slate-100 ring-1 ring-slate-500 hover:bg-slate-700"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M15 17h5l-1.4-1.4A2 2 0 0 1 18 14.2V11a6 6 0 1 0-12 0v3.2a2 2 0 0 1-.6 1.4L4 17h5m6 0v1a3 3 0 1 1-6 0v-1m6 0H9" />
        </svg>
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute -right-1.5 -top-1.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-semibold leading-5 text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {/* On a phone the bell is not at the window's edge: the panel takes the window's width instead. */}
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label="Notifications"
          className="absolute right-0 z-40 mt-2 w-96 rounded-md max-sm:fixed max-sm:inset-x-2 max-sm:w-auto bg-white text-slate-900 shadow-lg ring-1 ring-slate-200"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-2">
            <h2 className="text-sm font-semibold">Notifications</h2>
            <Link
              href={'/account/notifications' as Route}
              onClick={() => setOpen(false)}
              className="ml-auto rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-slate-100"
            >
              Settings
            </Link>
            <button
              type="button"
              disabled={unread === 0 || mark.pending}
              onClick={() => void mark.run({ all: true })}
              className="rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-slate-100 disabled:text-slate-400"
            >
              Mark all read
            </button>
          </div>
          {query.isError && (
            <p className="px-3 py-3 text-sm text-red-700">Notifications could not be loaded. They are asked for again shortly.</p>
          )}
          {query.isSuccess && items.length === 0 && <p className="px-3 py-3 text-sm text-slate-600">Nothing yet.</p>}
          <ul className="max-h-[60vh] divide-y divide-slate-100 overflow-y-auto">
            {items.map((n) => (
              <li key={n.id} className={n.read_at ? 'bg-white' : 'bg-brand-50'}>
                <div className="flex items-start gap-2 px-3 py-2">
                  <Link
                    href={n.href as Route}
                    onClick={() => {
                      setOpen(false);
                      if (!n.read_at) void mark.run({ ids: [n.id] });
                    }}
                    className="min-w-0 flex-1 text-sm"
                  >
                    <span className="block font-medium">
                      {!n.read_at && <span className="sr-only">Unread: </span>}
                      {n.title}
                    </span>
                    <span className="block break-words text-slate-700">{n.body}</span>
                    <span className="block text-xs text-slate-600">{formatDateTime(n.created_at)}</span>
                  </Link>
                  {!n.read_at && (
                    <button
                      type="button"
                      aria-label={`Mark read: ${n.title}`}
                      onClick={() => void mark.run({ ids: [n.id] })}
                      className="shrink-0 rounded px-2 py-1 text-xs font-medium text-brand-700 hover:bg-slate-100"
                    >
                      Mark read
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
