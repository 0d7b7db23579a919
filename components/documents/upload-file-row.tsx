'use client';

import { formatBytes } from '@/lib/format';
import { isPending, type UploadItem } from '@/lib/upload/upload-machine';
import { Button } from '../ui/button';
import { pagesText, purposeLabel } from './document-facts';
import { UploadStatus } from './upload-status';
import type { Upload } from './use-upload';

/** What the file is and where it stands, in the words of its facts line. */
function factsOf(item: UploadItem): string {
  const size = formatBytes(item.size);
  if (item.pages === null) return size;
  const facts = `${size} · ${pagesText(item.pages)}`;
  return item.phase.kind === 'ready'
    ? `${facts} · checked, ready to upload`
    : `${facts} · ${purposeLabel(item.purpose).toLowerCase()}`;
}

/** One chosen PDF in the upload panel, with its own progress, result and actions. */
export function UploadFileRow({ item, upload }: { item: UploadItem; upload: Upload }) {
  const removable = !isPending(item.phase);
  const done = item.phase.kind === 'done';
  return (
    <li className="flex flex-col gap-3 rounded-md bg-white p-3 ring-1 ring-slate-200">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span className="hidden rounded bg-red-100 px-1.5 py-1 text-xs font-bold text-red-800 sm:inline" aria-hidden>
            PDF
          </span>
          <div className="min-w-0">
            <p className="font-medium wrap-anywhere text-slate-900">{item.name}</p>
            <p className="text-sm text-slate-700">{factsOf(item)}</p>
          </div>
        </div>
        {removable && (
          // "Dismiss" for an uploaded file: it leaves this list, never the documents.
          <Button
            variant="ghost"
            size="sm"
            onClick={() => upload.remove(item.id)}
            aria-label={`${done ? 'Dismiss' : 'Remove'} ${item.name} from this list`}
          >
            {done ? 'Dismiss' : 'Remove'}
          </Button>
        )}
      </div>
      <UploadStatus
        phase={item.phase}
        fileName={item.name}
        onCancel={() => upload.cancel(item.id)}
        onRetryNow={() => upload.retryNow(item.id)}
        onRetry={() => upload.retry(item.id)}
      />
    </li>
  );
}
