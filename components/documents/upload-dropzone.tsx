'use client';

import { useDropzone } from 'react-dropzone';
import { MAX_FILES_AT_ONCE } from '@/lib/upload/check-file';
import { MAX_PDF_PAGES } from '@/lib/documents/limits';
import { Button } from '../ui/button';

interface Props {
  /** files are listed already: the zone only adds more */
  adding: boolean;
  onFiles(files: File[]): void;
}

/**
 * Drop PDFs here or choose them (pasting works too). Every dropped or picked file goes to
 * the upload's own checks, which say precisely what is wrong; the picker offers PDFs only.
 * It stays open while uploads run: more files join the list and wait for Upload.
 */
export function UploadDropzone({ adding, onFiles }: Props) {
  const { getRootProps, getInputProps, isDragActive, isDragReject, open } = useDropzone({
    onDrop: (accepted, rejected) => onFiles([...accepted, ...rejected.map((r) => r.file)]),
    accept: { 'application/pdf': ['.pdf'] },
    multiple: true,
    noClick: true,
    noKeyboard: true,
  });
  const tone = isDragReject
    ? 'border-red-500 bg-red-50'
    : isDragActive
      ? 'border-brand-600 bg-brand-50'
      : 'border-slate-300 bg-slate-50 hover:border-slate-400';
  return (
    <div
      {...getRootProps({
        className: `rounded-lg border-2 border-dashed px-5 transition-colors ${adding ? 'py-4' : 'py-6'} ${tone}`,
      })}
    >
      <input {...getInputProps({ 'aria-label': 'PDF files to upload', id: 'upload-file-input' })} />
      {isDragActive ? (
        <p className="py-1.5 text-center text-sm font-medium text-slate-900">
          {isDragReject ? 'Only PDF files can be dropped here.' : 'Drop the PDFs to check them.'}
        </p>
      ) : (
        <div className="flex flex-col items-center gap-2 text-center">
          <p className="text-sm text-slate-800">
            {adding ? 'Drag and drop more PDFs here, or' : 'Drag and drop PDFs here, or'}{' '}
            <Button variant="secondary" size="sm" onClick={open} className="ml-1">
              {adding ? 'Choose more PDFs' : 'Choose PDFs'}
            </Button>
          </p>
          {!adding && (
            <p className="text-xs text-slate-600">
              Up to {MAX_FILES_AT_ONCE} PDFs at a time, each up to 25 MB and {MAX_PDF_PAGES} pages. Images, Word and PowerPoint
              files are not accepted.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
