'use client';

import { LOGICAL_PURPOSES } from '@/lib/schemas/documents';
import { Button } from '../ui/button';
import { PURPOSES } from './document-facts';
import { UploadDropzone } from './upload-dropzone';
import { UploadStatus } from './upload-status';
import type { Upload } from './use-upload';

/** Upload one PDF: drop or choose, see it checked, pick its purpose, send, follow progress. */
export function UploadPanel({ upload, onClose }: { upload: Upload; onClose(): void }) {
  const { state, active } = upload;
  const { phase, file } = state;
  const locked = active || phase.kind === 'done';
  return (
    <section id="upload-panel" aria-labelledby="upload-heading" className="mb-6 rounded-lg bg-white p-5 ring-1 ring-slate-200">
      <div className="mb-3 flex items-start justify-between gap-4">
        <div>
          <h2 id="upload-heading" className="text-lg font-semibold text-slate-900">
            Upload a PDF
          </h2>
          <p className="text-sm text-slate-600">The file is checked in your browser first, then streamed to the Signing API.</p>
        </div>
        <Button variant="ghost" size="sm" onClick={onClose} disabled={active}>
          Close
        </Button>
      </div>
      <div className="flex flex-col gap-4">
        <UploadDropzone file={file} checking={phase.kind === 'checking' ? phase : null} locked={locked} waiting={phase.kind === 'ready' || (phase.kind === 'failed' && phase.retryable)} onFiles={(files) => void upload.choose(files)} />
        {phase.kind === 'invalid' && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800 ring-1 ring-red-600/30">
            {phase.message}
          </p>
        )}
        <fieldset disabled={locked} className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">Purpose</legend>
          <div className="flex flex-wrap gap-3">
            {LOGICAL_PURPOSES.map((p) => (
              <label
                key={p}
                className={`flex max-w-sm flex-1 cursor-pointer gap-2.5 rounded-md p-3 ring-1 ring-inset has-[:disabled]:cursor-not-allowed ${state.purpose === p ? 'bg-brand-50 ring-brand-600' : 'ring-slate-300'}`}
              >
                <input type="radio" name="logicalPurpose" value={p} checked={state.purpose === p} onChange={() => upload.setPurpose(p)} className="mt-0.5 accent-brand-600" />
                <span>
                  <span className="block text-sm font-medium text-slate-900">{PURPOSES[p].label}</span>
                  <span className="block text-xs text-slate-600">{PURPOSES[p].hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {phase.kind === 'ready' && (
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={upload.send}>Upload {file?.name}</Button>
            {phase.notice && (
              <p role="status" className="text-sm text-slate-700">
                {phase.notice}
              </p>
            )}
          </div>
        )}
        <UploadStatus phase={phase} fileName={file?.name ?? ''} onCancel={upload.cancel} onRetryNow={upload.retryNow} onRetry={upload.send} onAnother={upload.clear} />
      </div>
    </section>
  );
}
