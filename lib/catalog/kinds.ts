import type { Route } from 'next';
import type { Permission } from '../roles.ts';
import { CATALOG_FRESH_MS } from './freshness.ts';
import type { Category, RequestForm, RequestTemplate, SignTemplate, Workflow } from './schemas.ts';

// The catalog's kinds of record, each described once. Lists, search, caching, archiving, the
// tabs, breadcrumbs, the audit log's links and the metrics' route names all read this, so a new
// kind is one entry here, one in CatalogTypes, and its own schema, routes, pages and list:
// TypeScript refuses a map that lacks it, and kinds.unit.test.ts a route or page that does.
// Browser-safe (types only from the schemas); the server's part is server/catalog/kinds.ts.

/** The record each kind's list and record routes answer with. */
export interface CatalogTypes {
  categories: Category;
  'request-templates': RequestTemplate;
  'approval-workflows': Workflow;
  'request-forms': RequestForm;
  'document-sign-templates': SignTemplate;
}

/** A kind's path segment: the same at the API (`/api/v1/<kind>`), the console's routes and its pages. */
export type CatalogKind = keyof CatalogTypes;

export interface CatalogArchive {
  /** who may archive one: the route's permission, and the pages offer the button to the same */
  permission: Permission;
  /** the audit row's target type, and so its operation (`workflow.archive`) */
  auditTarget: string;
  /** that operation in the audit log's words */
  auditLabel: string;
  /** what archiving one does, said in the confirmation (DESIGN.md §3: what the API does, not more) */
  note: string;
}

export interface CatalogKindInfo<K extends CatalogKind = CatalogKind> {
  kind: K;
  /** headings, breadcrumbs, the tab and the search's group */
  one: string;
  many: string;
  /** how running text names one: "Archive workflow", "workflow id" */
  noun: string;
  /** the list page's description */
  description: string;
  /** null: the API has no archive call for it */
  archive: CatalogArchive | null;
  /** audit target types whose id is one of these, so the audit log links to its page */
  auditTargets: readonly string[];
  /** its group's place in the header search's results, after packages, requests and documents */
  searchRank: number;
  /** how old the console's cached read of one may be (server/signing-api/client/read-sharing.ts) */
  freshMs: number;
}

export const CATALOG_KIND_INFO = {
  categories: {
    kind: 'categories',
    one: 'Category',
    many: 'Categories',
    noun: 'category',
    description: 'Categories group request templates, workflows and forms.',
    archive: {
      permission: 'catalog:admin',
      auditTarget: 'category',
      auditLabel: 'Archived a category',
      // What the API does (DESIGN.md §3; README "Archived categories"), not more.
      note: 'New requests on the workflows filed under it are refused from now on, whether submitted or saved as drafts. Requests already started continue, revisions included. The workflows themselves stay active.',
    },
    auditTargets: ['category'],
    searchRank: 5,
    freshMs: CATALOG_FRESH_MS,
  },
  'request-templates': {
    kind: 'request-templates',
    one: 'Request template',
    many: 'Request templates',
    noun: 'request template',
    description: 'Form Builder templates that approval requests are built on. Read-only: they are authored in the platform UI.',
    archive: null,
    auditTargets: [],
    searchRank: 4,
    freshMs: CATALOG_FRESH_MS,
  },
  'approval-workflows': {
    kind: 'approval-workflows',
    one: 'Approval workflow',
    many: 'Approval workflows',
    noun: 'workflow',
    description: 'Published workflows, their releases and the fields each release asks a requester for.',
    archive: {
      permission: 'catalog:admin',
      auditTarget: 'workflow',
      auditLabel: 'Archived an approval workflow',
      note: 'New requests can no longer start it. A workflow still used by requests in draft, in progress or needing revision cannot be archived.',
    },
    // Archiving says workflow, the sandbox's release control approval_workflow: one page.
    auditTargets: ['workflow', 'approval_workflow'],
    searchRank: 2,
    freshMs: CATALOG_FRESH_MS,
  },
  'request-forms': {
    kind: 'request-forms',
    one: 'Request form',
    many: 'Request forms',
    noun: 'request form',
    description: 'The forms requesters use to start an approval workflow.',
    archive: {
      permission: 'catalog:admin',
      auditTarget: 'request_form',
      auditLabel: 'Archived a request form',
      // What the API does (DESIGN.md §3; README "Archived request forms"), not more.
      note: 'New requests on its workflow are refused from now on, whether submitted or saved as drafts. Requests already started on it continue, revisions included. The workflow itself stays active.',
    },
    auditTargets: ['request_form'],
    searchRank: 3,
    freshMs: CATALOG_FRESH_MS,
  },
  'document-sign-templates': {
    kind: 'document-sign-templates',
    one: 'Document-sign template',
    many: 'Document-sign templates',
    noun: 'template',
    description: 'Signing templates with their versions, signer slots, sender fields and source PDFs.',
    archive: null,
    auditTargets: ['sign_template'],
    searchRank: 1,
    freshMs: CATALOG_FRESH_MS,
  },
} as const satisfies { [K in CatalogKind]: CatalogKindInfo<K> };

/** In the Catalog tabs' order; the first is the area's home. */
export const CATALOG_KINDS = Object.keys(CATALOG_KIND_INFO) as readonly CatalogKind[];

type Info = typeof CATALOG_KIND_INFO;
/** The kinds the API archives: their archive is known to be there. */
export type ArchivableKind = { [K in CatalogKind]: Info[K]['archive'] extends null ? never : K }[CatalogKind];

export const isArchivable = (kind: CatalogKind): kind is ArchivableKind => CATALOG_KIND_INFO[kind].archive !== null;

export const ARCHIVABLE_KINDS: readonly ArchivableKind[] = CATALOG_KINDS.filter(isArchivable);

export const archiveOf = (kind: ArchivableKind): CatalogArchive => CATALOG_KIND_INFO[kind].archive;

/** Whether `segment` (a path's first) names a catalog kind. */
export const isCatalogKind = (segment: string): segment is CatalogKind => Object.hasOwn(CATALOG_KIND_INFO, segment);

export const catalogListHref = (kind: CatalogKind) => `/catalog/${kind}` as Route;

export const catalogItemHref = (kind: CatalogKind, id: string) => `/catalog/${kind}/${encodeURIComponent(id)}` as Route;

/**
 * Every kind's list, record and (where archivable) archive path under `base`, its id segment
 * spelled `id`: the console's routes (`/api`, `[id]`) and the API's (``, `{id}`) alike.
 */
export const catalogPaths = ({ base, id }: { base: string; id: string }): string[] =>
  CATALOG_KINDS.flatMap((kind) => [
    `${base}/${kind}`,
    `${base}/${kind}/${id}`,
    ...(isArchivable(kind) ? [`${base}/${kind}/${id}/archive`] : []),
  ]);
