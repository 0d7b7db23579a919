'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { Route } from 'next';
import { useId } from 'react';
import { catalogListQuery } from '@/lib/catalog/queries';
import type { SignTemplate } from '@/lib/catalog/schemas';
import { catalogItemHref, catalogListHref } from '../catalog/catalog-paths';
import { LinkButton } from '../ui/link-button';
import { templateNameOf } from './template-name';

/** What the viewer may do about a template: send with it, or play the platform in the sandbox. */
export interface NextStepsAccess {
  canSend: boolean;
  /** an admin on the embedded sandbox, whose panel can stand in for the platform's designer */
  sandboxPanel: boolean;
}

const LINK = 'font-medium text-brand-700 underline';
// The API's search takes at most 100 characters; a longer name is found by its beginning.
const MAX_Q = 100;

const searchHref = (q: string) => `${catalogListHref('document-sign-templates')}?q=${encodeURIComponent(q)}` as Route;
const usable = (t: SignTemplate) => t.status === 'active' && t.api_enabled !== false;

/** The template the catalog lists under this name, if it does: links to it, or why it cannot be sent with yet. */
function FoundTemplate({ name, canSend }: { name: string; canSend: boolean }) {
  const q = [...name].slice(0, MAX_Q).join('');
  const list = useQuery({ ...catalogListQuery('document-sign-templates', { page: 1, size: 25, q }), enabled: q !== '' });
  const matches = (list.data?.data ?? []).filter((t) => t.name === name);
  if (list.isPending && q !== '') return <p className="text-slate-700">Looking for a template named “{name}” in the catalog…</p>;
  if (matches.length === 0) {
    return (
      <p className="text-slate-700">
        {list.isError ? 'The catalog could not be checked just now. ' : `The catalog lists no template named “${name}” yet. `}
        <Link href={searchHref(q)} className={LINK}>
          Search the document-sign templates for “{name}”
        </Link>
      </p>
    );
  }
  if (matches.length > 1) {
    return (
      <p className="text-slate-700">
        The catalog lists {matches.length} templates named “{name}”:{' '}
        <Link href={searchHref(q)} className={LINK}>
          see them under Document-sign templates
        </Link>
        .
      </p>
    );
  }
  const template = matches[0]!;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-slate-800">
        The catalog lists a template named “{name}”
        {usable(template)
          ? '.'
          : template.status !== 'active'
            ? `, but it is ${template.status}.`
            : ', but it is not yet allowed for this app.'}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <LinkButton href={catalogItemHref('document-sign-templates', template.id)} variant="secondary">
          Open the template
        </LinkButton>
        {canSend && usable(template) && (
          <LinkButton href={`/packages/new?template=${encodeURIComponent(template.id)}`}>Send with this template</LinkButton>
        )}
      </div>
    </div>
  );
}

/**
 * After a signature target's layout is complete: what happens next, who does it and where the
 * result shows. The API cannot make a template (spec section 1), so nothing here pretends to.
 */
export function LayoutNextSteps({ documentName, access }: { documentName: string; access: NextStepsAccess }) {
  const headingId = useId();
  const name = templateNameOf(documentName);
  return (
    <section
      aria-labelledby={headingId}
      className="mb-4 flex flex-col gap-3 break-words rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-slate-900"
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Next: a document-sign template
      </h2>
      <p>
        The layout is complete. A document-sign template is made from it in the Signing platform’s own template designer (template
        authoring is not part of the Signing API, so this console cannot do it), by a workspace administrator, who must also allow
        the template for this app. Once they have, it appears under{' '}
        <Link href={catalogListHref('document-sign-templates')} className={LINK}>
          Catalog → Document-sign templates
        </Link>{' '}
        and in Send a package.
      </p>
      <FoundTemplate name={name} canSend={access.canSend} />
      {access.sandboxPanel && (
        <p className="text-slate-700">
          In this sandbox the{' '}
          <Link href={'/admin/sandbox' as Route} className={LINK}>
            sandbox panel
          </Link>{' '}
          can play the platform’s part: publish this layout there as a document-sign template allowed for this app.
        </p>
      )}
    </section>
  );
}
