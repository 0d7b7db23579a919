'use client';

import { useDropzone } from 'react-dropzone';
import { formatBytes } from '@/lib/format';
import { MAX_PDF_PAGES } from '@/lib/schemas/documents';
import type { ChosenFile } from '@/lib/upload/upload-machine';
import { Button } from '../ui/button';
import { pagesText } from './document-facts';

interface Props {
  file: ChosenFile | null;
  checking: { name: string; size: number } | null;
  /** file and purpose are locked while an upload runs */
  locked: boolean;
  /** the file waits for Upload (not yet sent or sending) */
  waiting: boolean;
  onFiles(files: File[]): void;
}

/**
 * Drop a PDF here or choose one (pasting works too). Every dropped or picked file goes to
 * the upload's own checks, which say precisely what is wrong; the picker offers PDFs only.
 */
export function UploadDropzone({ file, checking, locked, waiting, onFiles }: Props) {
  const { getRootProps, getInputProps, isDragActive, isDragReject, open } = useDropzone({
    onDrop: (accepted, rejected) => onFiles([...accepted, ...rejected.map((r) => r.file)]),
    accept: { 'application/pdf': ['.pdf'] },
    multiple: false,
    noClick: true,
    noKeyboard: true,
    disabled: locked,
  });
  const tone = isDragReject
    ? 'border-red-500 bg-red-50'
    : isDragActive
      ? 'border-brand-600 bg-brand-50'
      : file
        ? 'border-slate-300 bg-white'
        : 'border-slate-300 bg-slate-50 hover:border-slate-400';
  return (
    <div {...getRootProps({ className: `rounded-lg border-2 border-dashed px-5 py-6 transition-colors ${tone}` })}>
      <input {...getInputProps({ 'aria-label': 'PDF file to upload', id: 'upload-file-input' })} />
      {isDragActive ? (
        <p className="text-center text-sm font-medium text-slate-900">{isDragReject ? 'Only PDF files can be dropped here, one at a time.' : 'Drop the PDF to check it.'}</p>
      ) : checking ? (
        <p role="status" className="flex items-center justify-center gap-2 text-sm text-slate-800">
          <span className="size-4 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" aria-hidden />
          Checking “{checking.name}” ({formatBytes(checking.size)}): type, size and pages…
        </p>
      ) : file ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex min-w-0 items-center gap-3">
            <span className="rounded bg-red-100 px-1.5 py-1 text-xs font-bold text-red-800" aria-hidden>
              PDF
            </span>
            <div className="min-w-0">
              <p className="truncate font-medium text-slate-900">{file.name}</p>
              <p className="text-sm text-slate-700">
                {formatBytes(file.size)} · {pagesText(file.pages)} · checked{waiting ? ', ready to upload' : ''}
              </p>
            </div>
          </div>
          <Button variant="secondary" size="sm" onClick={open} disabled={locked}>
            Choose another file
          </Button>
        </div>
      ) : (
        <div className="flex flex-col items-center gap-2 text-center">
          <p className="text-sm text-slate-800">
            Drag and drop a PDF here, or{' '}
            <Button variant="secondary" size="sm" onClick={open} className="ml-1">
              Choose a PDF
            </Button>
          </p>
          <p className="text-xs text-slate-600">One PDF, up to 25 MB and {MAX_PDF_PAGES} pages. Images, Word and PowerPoint files are not accepted.</p>
        </div>
      )}
    </div>
  );
}
