'use client';

import { formatDateTime } from '@/lib/format';
import { useReaderLocales } from '../ui/use-reader-locales';
import { ArchiveButton } from './archive-button';
import { Facts } from '../ui/page-header';
import { ArchivedNotice, DetailFrame, DetailHeader } from './detail-frame';
import { Section } from '../ui/card';
import { RelatedWorkflows } from './related-workflows';

export function CategoryDetail({ id, canAdmin }: { id: string; canAdmin: boolean }) {
  const locales = useReaderLocales();
  return (
    <DetailFrame kind="categories" id={id}>
      {(c) => (
        <>
          <DetailHeader
            record={c}
            kind="categories"
            actions={canAdmin && c.status === 'active' ? <ArchiveButton kind="categories" id={c.id} name={c.name} /> : undefined}
          />
          <ArchivedNotice record={c} kind="categories" />
          <Facts
            items={[
              ['Created', formatDateTime(c.created_at, {}, locales)],
              ['Last updated', formatDateTime(typeof c.updated_at === 'string' ? c.updated_at : undefined, {}, locales)],
              ['Archived', c.archived_at ? formatDateTime(c.archived_at, {}, locales) : 'No'],
            ]}
          />
          <Section variant="page" title="Approval workflows in this category">
            <RelatedWorkflows filter={{ category_id: c.id }} subject="this category" />
          </Section>
        </>
      )}
    </DetailFrame>
  );
}
