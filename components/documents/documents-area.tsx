'use client';

import { useState } from 'react';
import { Button } from '../ui/button';
import { PageHeader } from '../ui/page-header';
import { DocumentsList } from './documents-list';
import { UploadPanel } from './upload-panel';
import { useUpload } from './use-upload';

/** The documents page: the list for everyone, the upload panel for operators and admins. */
export function DocumentsArea({ canWrite }: { canWrite: boolean }) {
  const [uploadOpen, setUploadOpen] = useState(false);
  const upload = useUpload();
  const openUpload = () => {
    setUploadOpen(true);
    requestAnimationFrame(() => document.getElementById('upload-panel')?.scrollIntoView({ block: 'nearest' }));
  };
  return (
    <>
      <PageHeader
        title="Documents"
        description="PDFs this app has uploaded: attachments for approval requests and signature targets for packages."
        actions={
          canWrite ? (
            <Button onClick={() => (uploadOpen ? setUploadOpen(false) : openUpload())} aria-expanded={uploadOpen} aria-controls={uploadOpen ? "upload-panel" : undefined} disabled={upload.active}>
              {uploadOpen ? 'Hide upload' : 'Upload PDF'}
            </Button>
          ) : undefined
        }
      />
      {canWrite && uploadOpen && <UploadPanel upload={upload} onClose={() => setUploadOpen(false)} />}
      <DocumentsList canWrite={canWrite} onUploadClick={openUpload} />
    </>
  );
}
