'use client';

import { PdfViewer } from '@/components/pdf/pdf-viewer-lazy';
import type { SignTemplate } from '@/lib/catalog/schemas';
import { Select } from '../ui/field';
import { Section } from '../ui/card';

type Version = SignTemplate['versions'][number];

/** The source PDF of the chosen version (GET /api/document-sign-templates/:id/content?version=<version id>). */
export function TemplatePdf({
  template,
  versions,
  shown,
  onPick,
}: {
  template: SignTemplate;
  versions: Version[];
  shown: Version;
  onPick(id: string): void;
}) {
  const url = `/api/document-sign-templates/${encodeURIComponent(template.id)}/content?version=${encodeURIComponent(shown.id)}`;
  return (
    <Section
      variant="page"
      title="Source PDF"
      description={`Version ${shown.number} (${shown.id})${shown.page_count ? `, ${shown.page_count} pages` : ''}.`}
      actions={
        <div className="flex w-full flex-wrap items-center gap-x-4 gap-y-2 sm:w-auto">
          <div className="flex w-full items-center gap-2 sm:w-auto">
            <label htmlFor="pdf-version" className="text-sm font-medium text-slate-800">
              Version
            </label>
            <div className="min-w-0 flex-1 sm:w-80 sm:flex-none">
              <Select id="pdf-version" value={shown.id} onChange={(e) => onPick(e.target.value)}>
                {versions.map((v) => (
                  <option key={v.id} value={v.id}>
                    Version {v.number} — {v.id}
                    {v.id === template.current_version_id ? ' (current)' : ''}
                  </option>
                ))}
              </Select>
            </div>
          </div>
          <a href={url} target="_blank" rel="noopener" className="text-sm font-medium text-brand-700 hover:underline">
            Open in a new tab
          </a>
        </div>
      }
    >
      <PdfViewer file={url} label={`PDF of ${template.name}, version ${shown.number}`} />
    </Section>
  );
}
