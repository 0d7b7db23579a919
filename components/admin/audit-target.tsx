'use client';

import Link from 'next/link';
import { targetPage } from '@/lib/admin/audit-target-pages';
import type { AuditLogEntry } from '@/lib/admin/schemas';
import { Breakable } from '../ui/breakable';

function detailsOf(text: string | null): [string, string][] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object') return [];
    return Object.entries(parsed).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]);
  } catch {
    return [];
  }
}

/** The account a user target names now; its address only where the entry kept the id. */
function Account({ id, account }: { id: string; account: AuditLogEntry['target_user'] }) {
  if (!account) return <span className="block text-slate-600">no such account</span>;
  return (
    <span className="block">
      <span className="font-medium text-slate-900">{account.name}</span>
      {account.email !== id && (
        <span className="block break-words text-slate-700">
          <Breakable text={account.email} />
        </span>
      )}
    </span>
  );
}

/** What an entry acted on: its kind, its id (a link where the console has a page for it), the account a user target is, and the details kept. */
export function AuditTarget({ entry }: { entry: AuditLogEntry }) {
  const { target_type: type, target_id: id } = entry;
  const details = detailsOf(entry.details);
  const href = type && id ? targetPage(type, id) : null;
  const code = (tone: string) =>
    id && (
      <code className={`block break-words ${tone}`}>
        <Breakable text={id} />
      </code>
    );
  return (
    <div className="max-w-52 text-xs">
      {type ? <span className="text-slate-600">{type.replace(/_/g, ' ')}</span> : <span className="text-slate-500">—</span>}
      {href ? (
        <Link href={href} className="block hover:underline">
          {code('text-brand-700')}
        </Link>
      ) : (
        code('text-slate-900')
      )}
      {type === 'user' && id && <Account id={id} account={entry.target_user} />}
      {details.length > 0 && (
        <details className="mt-1 text-slate-700">
          <summary className="cursor-pointer text-slate-600">Details</summary>
          <dl>
            {details.map(([k, v]) => (
              <div key={k} className="break-words">
                <dt className="inline text-slate-600">{k}: </dt>
                <dd className="inline">
                  <Breakable text={v} />
                </dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </div>
  );
}
