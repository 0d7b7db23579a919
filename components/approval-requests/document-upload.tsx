'use client';

import type { DocumentItem } from '@/lib/documents/schemas';
import { UploadStatus } from '../documents/upload-status';
import { useFieldUpload } from './use-field-upload';

interface DocumentUploadProps {
  /** the field's title, naming the control among several document fields */
  title: string;
  disabled?: boolean;
  onUploaded(document: DocumentItem): void;
  /** more of the field's actions, beside the upload button */
  children?: React.ReactNode;
}

/**
 * "Upload a PDF" beside a document field: the file is checked and uploaded with its progress
 * shown here, and a failure is said here too. The form's values are never touched by a
 * failed upload; a finished one becomes the field's value.
 */
export function DocumentUpload({ title, disabled, onUploaded, children }: DocumentUploadProps) {
  const upload = useFieldUpload(onUploaded);
  const { item } = upload;
  const busy = upload.uploading || item?.phase.kind === 'checking';
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <label
          className={`inline-flex w-fit items-center gap-2 rounded-md bg-white px-2.5 py-1.5 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-inset ring-slate-300 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${busy || disabled ? 'cursor-not-allowed text-slate-400' : 'cursor-pointer hover:bg-slate-50'}`}
        >
          <input
            type="file"
            accept="application/pdf,.pdf"
            className="sr-only"
            aria-label={`Upload a PDF for ${title}`}
            disabled={busy || disabled}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) upload.choose(file);
            }}
          />
          Upload a PDF
        </label>
        {children}
      </div>
      {item && !(item.phase.kind === 'ready' && !item.phase.notice) && (
        <div className="rounded-md bg-slate-50 p-2 text-sm">
          <UploadStatus
            phase={item.phase}
            fileName={item.name}
            onCancel={upload.cancel}
            onRetryNow={upload.retryNow}
            onRetry={upload.retry}
          />
        </div>
      )}
    </div>
  );
}
