'use client';

import { useEffect, useRef, useState } from 'react';
import { Button } from '../ui/button';
import { PageHeader } from '../ui/page-header';
import { DocumentsList } from './documents-list';
import { UploadPanel } from './upload-panel';
import { useUpload } from './use-upload';
import { TeamPicker, useTeamChoice } from '../teams/team-picker';

/** The documents page: the list for everyone, the upload panel for operators and admins. */
export function DocumentsArea({ canWrite, admin = false }: { canWrite: boolean; admin?: boolean }) {
  const [uploadOpen, setUploadOpen] = useState(false);
  const team = useTeamChoice();
  const upload = useUpload(team.teamId);
  const openButton = useRef<HTMLButtonElement>(null);
  const panelHeading = useRef<HTMLHeadingElement>(null);
  const opened = useRef(false);
  // The button that opens the panel is replaced by the panel itself (whose Close is the one
  // way back), so focus moves with the change: into the panel, then back to the button.
  useEffect(() => {
    if (uploadOpen) {
      opened.current = true;
      panelHeading.current?.focus({ preventScroll: true });
      panelHeading.current?.closest('section')?.scrollIntoView({ block: 'nearest' });
    } else if (opened.current) {
      openButton.current?.focus();
    }
  }, [uploadOpen]);
  const close = () => {
    upload.clear();
    setUploadOpen(false);
  };
  return (
    <>
      <PageHeader
        title="Documents"
        description="PDFs this app has uploaded: attachments for approval requests and signature targets for packages."
        actions={
          canWrite && !uploadOpen ? (
            <Button ref={openButton} onClick={() => setUploadOpen(true)}>
              Upload PDF
            </Button>
          ) : undefined
        }
      />
      {canWrite && uploadOpen && (
        <TeamPicker
          choice={team}
          label="Upload for team"
          hint="Who can see the documents: the members of this team."
          disabled={upload.uploading}
          className="mb-4 max-w-sm"
        />
      )}
      {canWrite && uploadOpen && <UploadPanel ref={panelHeading} upload={upload} onClose={close} />}
      <DocumentsList
        canWrite={canWrite}
        admin={admin}
        onUploadClick={canWrite && !uploadOpen ? () => setUploadOpen(true) : undefined}
        uploading={upload.busy}
      />
    </>
  );
}
