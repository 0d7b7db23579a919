'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { Route } from 'next';
import { useId } from 'react';
import { catalogItemQuery } from '@/lib/catalog/queries';
import type { SignTemplate } from '@/lib/catalog/schemas';
import { layoutTemplatesQuery } from '@/lib/documents/queries';
import { catalogItemHref, catalogListHref } from '@/lib/catalog/kinds';
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

/** One template made from this layout: its name as the catalog has it now, and what can be done with it. */
function MadeTemplate({ id, canSend }: { id: string; canSend: boolean }) {
  const item = useQuery(catalogItemQuery('document-sign-templates', id));
  const template = item.data;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-slate-800">
        {template ? (
          <>
            This layout was published as the template “{template.name}”
            {usable(template)
              ? '.'
              : template.status !== 'active'
                ? `, which is ${template.status}.`
                : ', which is not yet allowed for this app.'}
          </>
        ) : item.isError ? (
          <>This layout was published as a template the catalog does not show now (it may have been withdrawn).</>
        ) : (
          <>This layout was published as a template; reading its name…</>
        )}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <LinkButton href={catalogItemHref('document-sign-templates', id)} variant="secondary">
          Open the template
        </LinkButton>
        {canSend && template && usable(template) && (
          <LinkButton href={`/packages/new?template=${encodeURIComponent(id)}`}>Send with this template</LinkButton>
        )}
      </div>
    </div>
  );
}

/**
 * The templates made from this layout, as their publish answered. Neither the layout nor a
 * template names the other at the API, so a template made in the platform's own designer cannot
 * be found from here: the catalog is offered to look in, and nothing is claimed of a name.
 */
function Templates({ documentId, name, canSend }: { documentId: string; name: string; canSend: boolean }) {
  const made = useQuery(layoutTemplatesQuery(documentId));
  const q = [...name].slice(0, MAX_Q).join('');
  if (made.isPending) return <p className="text-slate-700">Looking for a template made from this layout…</p>;
  const templates = made.data?.data ?? [];
  if (templates.length > 0)
    return (
      <div className="flex flex-col gap-3">
        {templates.map((t) => (
          <MadeTemplate key={t.template_id} id={t.template_id} canSend={canSend} />
        ))}
      </div>
    );
  return (
    <p className="text-slate-700">
      {made.isError
        ? 'Whether a template was made from this layout could not be read just now. '
        : 'The Signing API does not say which template, if any, was made from a layout, and none was published from this console. '}
      Look for it under{' '}
      <Link href={catalogListHref('document-sign-templates')} className={LINK}>
        Document-sign templates
      </Link>
      {q !== '' && (
        <>
          {' '}
          (for instance,{' '}
          <Link href={searchHref(q)} className={LINK}>
            search for “{name}”
          </Link>
          ; its name may differ)
        </>
      )}
      .
    </p>
  );
}

/**
 * After a signature target's layout is complete: what happens next, who does it and where the
 * result shows. The API cannot make a template (spec section 1), so nothing here pretends to.
 */
export function LayoutNextSteps({
  documentId,
  documentName,
  access,
}: {
  documentId: string;
  documentName: string;
  access: NextStepsAccess;
}) {
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
      <Templates documentId={documentId} name={name} canSend={access.canSend} />
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
