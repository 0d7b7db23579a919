'use client';

import { forwardRef } from 'react';
import { LOGICAL_PURPOSES } from '@/lib/documents/limits';
import { readyItems } from '@/lib/upload/upload-queue';
import { Button } from '../ui/button';
import { PURPOSES } from './document-facts';
import { UploadDropzone } from './upload-dropzone';
import { UploadFileRow } from './upload-file-row';
import type { Upload } from './use-upload';
import { Card } from '../ui/card';

/**
 * Upload PDFs: drop or choose one or several, see each checked, pick their purpose, send
 * them (one after another), follow each one's progress and result. The panel's heading
 * takes focus when it opens; Close is its only way out, and waits for pending uploads.
 */
export const UploadPanel = forwardRef<HTMLHeadingElement, { upload: Upload; onClose(): void }>(function UploadPanel(
  { upload, onClose },
  headingRef,
) {
  const { queue, uploading } = upload;
  const ready = readyItems(queue);
  return (
    <Card as="section" id="upload-panel" aria-labelledby="upload-heading" className="mb-6 p-4 sm:p-5">
      <div className="mb-3 flex items-start justify-between gap-4">
        <div>
          <h2
            id="upload-heading"
            ref={headingRef}
            tabIndex={-1}
            className="text-lg font-semibold text-slate-900 focus:outline-none"
          >
            Upload PDFs
          </h2>
          <p className="text-sm text-slate-600">
            Each file is checked in your browser first, then streamed to the Signing API, one after another.
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={onClose}
          disabled={uploading}
          aria-describedby={uploading ? 'upload-close-hint' : undefined}
        >
          Close
        </Button>
      </div>
      {uploading && (
        <p id="upload-close-hint" className="sr-only">
          Close is available once the uploads have finished or been cancelled.
        </p>
      )}
      <div className="flex flex-col gap-4">
        <UploadDropzone adding={queue.items.length > 0} onFiles={(files) => void upload.choose(files)} />
        {queue.refusal && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800 ring-1 ring-red-600/30">
            {queue.refusal}
          </p>
        )}
        {queue.items.length > 0 && (
          <ul aria-label="Chosen PDFs" className="flex flex-col gap-2">
            {queue.items.map((item) => (
              <UploadFileRow key={item.id} item={item} upload={upload} />
            ))}
          </ul>
        )}
        <fieldset disabled={uploading} className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">
            Purpose{queue.items.length > 1 ? ' of the files to upload' : ''}
          </legend>
          <div className="flex flex-col gap-3 sm:flex-row">
            {LOGICAL_PURPOSES.map((p) => (
              <label
                key={p}
                className={`flex cursor-pointer gap-2.5 rounded-md p-3 ring-1 ring-inset has-[:disabled]:cursor-not-allowed sm:max-w-sm sm:flex-1 ${queue.purpose === p ? 'bg-brand-50 ring-brand-600' : 'ring-slate-300'}`}
              >
                <input
                  type="radio"
                  name="logicalPurpose"
                  value={p}
                  checked={queue.purpose === p}
                  onChange={() => upload.setPurpose(p)}
                  className="mt-0.5 accent-brand-600"
                />
                <span>
                  <span className="block text-sm font-medium text-slate-900">{PURPOSES[p].label}</span>
                  <span className="block text-xs text-slate-600">{PURPOSES[p].hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {ready.length > 0 && (
          <div>
            <Button onClick={upload.sendReady}>
              {ready.length === 1 ? `Upload ${ready[0]!.name}` : `Upload ${ready.length} PDFs`}
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
});
