'use client';

import { formatDateTime } from '@/lib/format';
import { useReaderLocales } from '../ui/use-reader-locales';
import { ArchiveRequestFormButton } from './archive-request-form-button';
import { Facts } from '../ui/page-header';
import { ArchivedNotice, DetailFrame, DetailHeader } from './detail-frame';
import { ItemLink } from './item-link';
import { useCatalogOptions } from './use-catalog-options';

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

export function RequestFormDetail({ id, canAdmin }: { id: string; canAdmin: boolean }) {
  const locales = useReaderLocales();
  const categories = useCatalogOptions('categories');
  const templates = useCatalogOptions('request-templates');
  return (
    <DetailFrame kind="request-forms" id={id}>
      {(f) => (
        <>
          <DetailHeader
            record={f}
            kind="request-forms"
            actions={canAdmin && f.status === 'active' ? <ArchiveRequestFormButton form={f} /> : undefined}
          />
          <ArchivedNotice
            record={f}
            kind="request-forms"
            note="Its workflow accepts no new requests; requests already started continue."
          />
          <Facts
            items={[
              ['Approval workflow', <ItemLink key="w" kind="approval-workflows" id={f.workflow_id} resolveName />],
              [
                'Request template',
                <ItemLink
                  key="t"
                  kind="request-templates"
                  id={f.request_template_id}
                  name={templates.names.get(f.request_template_id ?? '')}
                />,
              ],
              [
                'Category',
                <ItemLink key="c" kind="categories" id={f.category_id} name={categories.names.get(f.category_id ?? '')} />,
              ],
              ['Form version', f.form_version ?? '—'],
              ['Created', formatDateTime(text(f.created_at), {}, locales)],
              ['Last updated', formatDateTime(text(f.updated_at), {}, locales)],
            ]}
          />
        </>
      )}
    </DetailFrame>
  );
}
