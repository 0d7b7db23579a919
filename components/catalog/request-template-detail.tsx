'use client';

import { formatDateTime } from '@/lib/format';
import { useReaderLocales } from '../ui/use-reader-locales';
import { Facts } from '../ui/page-header';
import { DetailFrame, DetailHeader } from './detail-frame';
import { Section } from '../ui/card';
import { ItemLink } from './item-link';
import { RelatedWorkflows } from './related-workflows';
import { useCatalogOptions } from './use-catalog-options';

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

export function RequestTemplateDetail({ id }: { id: string }) {
  const locales = useReaderLocales();
  const { names } = useCatalogOptions('categories');
  return (
    <DetailFrame kind="request-templates" id={id}>
      {(t) => (
        <>
          <DetailHeader record={t} kind="request-templates" />
          <Facts
            items={[
              ['Category', <ItemLink key="c" kind="categories" id={t.category_id} name={names.get(t.category_id ?? '')} />],
              ['Form version', t.form_version ?? '—'],
              ['Created', formatDateTime(text(t.created_at), {}, locales)],
              ['Last updated', formatDateTime(text(t.updated_at), {}, locales)],
            ]}
          />
          <p className="mt-3 text-sm text-slate-700">
            Request templates are built in the platform’s Form Builder and are read-only here.
          </p>
          <Section variant="page" title="Approval workflows built on this template">
            <RelatedWorkflows filter={{ request_template_id: t.id }} subject="this request template" />
          </Section>
        </>
      )}
    </DetailFrame>
  );
}
