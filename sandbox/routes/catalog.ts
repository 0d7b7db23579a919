import { z } from 'zod';
import { json, type Ctx, type RouteDef } from '../http/context.ts';
import { notFound } from '../http/errors.ts';
import { LIST_PARAMS, listQuerySchema, paginate, parseQuery } from '../http/pagination.ts';
import {
  templateFileName,
  type SignTemplateRecord,
  type SubmissionSchemaRecord,
  type WorkflowRecord,
} from '../domain/catalog.ts';
import type { Services } from '../services.ts';
import type { Kind } from '../store/records.ts';

// Catalog reads of spec section 4. The seeded catalog is shared by every app; what an app
// created (a category) or what is private to it stays its own, so every read goes through
// the caller's visibility. Lists show active and archived items unless a `status` filter
// narrows them (the spec names the filter but no default).

const READ = { auth: 'key', scope: 'catalog:read', body: 'none', method: 'GET' } as const;

const idFilter = z.string().min(1, 'must not be empty').max(100, 'must be at most 100 characters').optional();

// One schema for every catalog list; each route's `query` list decides which of these
// parameters it accepts, and the pipeline refuses the others before the handler runs.
const catalogQuery = listQuerySchema.extend({
  status: z.enum(['active', 'archived'], { message: 'must be active or archived' }).optional(),
  category_id: idFilter,
  request_template_id: idFilter,
});

const versionQuery = z.object({
  version: z.string().min(1, 'must not be empty').max(200, 'must be at most 200 characters').optional(),
});

// `2` or the full `<workflow_id>@2`; a leading zero or sign is not a release number.
const RELEASE = /^(?:(.+)@)?([1-9]\d{0,8})$/;

interface Resource {
  segment: string;
  kind: Kind;
  noun: string;
  query: readonly string[];
}

const RESOURCES: Resource[] = [
  { segment: 'categories', kind: 'category', noun: 'Category', query: [...LIST_PARAMS, 'status'] },
  { segment: 'request-templates', kind: 'request_template', noun: 'Request template', query: LIST_PARAMS },
  {
    segment: 'approval-workflows',
    kind: 'approval_workflow',
    noun: 'Approval workflow',
    query: [...LIST_PARAMS, 'status', 'category_id', 'request_template_id'],
  },
  { segment: 'request-forms', kind: 'request_form', noun: 'Request form', query: LIST_PARAMS },
  { segment: 'document-sign-templates', kind: 'sign_template', noun: 'Document-sign template', query: LIST_PARAMS },
];

/**
 * Serialized list pages. The catalog changes rarely and is read constantly, so a page is
 * built once per database state. SQLite's total_changes() counts every row written on the
 * sandbox's one connection (routes, control-plane reset, scheduler), so any write, in any
 * table, drops the whole cache: it can be cold but never stale.
 */
class PageCache {
  private readonly pages = new Map<string, Buffer>();
  private seen = -1;
  private readonly changes;

  constructor(
    db: Services['db'],
    private readonly limit = 200,
  ) {
    this.changes = db.prepare<[], number>('SELECT total_changes()').pluck();
  }

  get(key: string, build: () => unknown): Buffer {
    const now = this.changes.get() ?? 0;
    if (now !== this.seen || this.pages.size >= this.limit) {
      this.pages.clear();
      this.seen = now;
    }
    let page = this.pages.get(key);
    if (!page) {
      page = Buffer.from(JSON.stringify(build()));
      this.pages.set(key, page);
    }
    return page;
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

const quoted = (id: string) => JSON.stringify(id.length > 100 ? `${id.slice(0, 100)}…` : id);

export function catalogRoutes(services: Services): RouteDef[] {
  const { records } = services;
  const cache = new PageCache(services.db);

  const mustGet = <T>(ctx: Ctx, kind: Kind, id: string, noun: string): T => {
    const found = records.getVisible<T>(kind, id, ctx.appId!);
    if (!found) throw notFound(`${noun} ${quoted(id)}`);
    return found;
  };

  const listRoute = (r: Resource): RouteDef => ({
    ...READ,
    id: `catalog.${r.segment}.list`,
    path: `/api/v1/${r.segment}`,
    query: r.query,
    handler: (ctx) => {
      const { page, size, q, status, category_id, request_template_id } = parseQuery(ctx.query, catalogQuery);
      // Pages differ per app (each sees its own items), so the app is part of the key.
      const key = [ctx.appId, r.kind, page, size, status, category_id, request_template_id, q].join('\u0000');
      const raw = cache.get(key, () => {
        const where: Record<string, string> = {};
        if (category_id !== undefined) where.category_id = category_id;
        if (request_template_id !== undefined) where.request_template_id = request_template_id;
        return paginate(records, r.kind, { page, size, q, status, where, visibleTo: ctx.appId! });
      });
      return { status: 200, raw, contentType: JSON_TYPE };
    },
  });

  const detailRoute = (r: Resource): RouteDef => ({
    ...READ,
    id: `catalog.${r.segment}.get`,
    path: `/api/v1/${r.segment}/:id`,
    handler: (ctx) => json(200, mustGet(ctx, r.kind, param(ctx, 'id'), r.noun)),
  });

  const submissionSchema: RouteDef = {
    ...READ,
    id: 'catalog.approval-workflows.submission-schema',
    path: '/api/v1/approval-workflows/:id/releases/:release/submission-schema',
    handler: (ctx) => {
      const workflowId = param(ctx, 'id');
      // Archived workflows keep their releases readable: active requests still pin them.
      const workflow = mustGet<WorkflowRecord>(ctx, 'approval_workflow', workflowId, 'Approval workflow');
      const raw = param(ctx, 'release');
      const match = RELEASE.exec(raw);
      const schema =
        match && (match[1] === undefined || match[1] === workflowId)
          ? records.get<SubmissionSchemaRecord>('submission_schema', `${workflowId}@${Number(match[2])}`)
          : undefined;
      if (!schema) throw notFound(`Release ${quoted(raw)} of approval workflow ${quoted(workflowId)}`);
      return json(200, {
        workflow_id: workflowId,
        release: schema.release,
        workflow_release_id: schema.id,
        current: schema.release === workflow.current_release,
        workflow_status: workflow.status,
        schema: schema.schema,
      });
    },
  };

  const templateContent: RouteDef = {
    ...READ,
    id: 'catalog.document-sign-templates.content',
    path: '/api/v1/document-sign-templates/:id/content',
    query: ['version'],
    handler: (ctx) => {
      const { version } = parseQuery(ctx.query, versionQuery);
      const templateId = param(ctx, 'id');
      const template = mustGet<SignTemplateRecord>(ctx, 'sign_template', templateId, 'Document-sign template');
      // Version ids are per template: another template's version id is not found here.
      const selected = template.versions.find((v) => v.id === (version ?? template.current_version_id));
      if (!selected) throw notFound(`Version ${quoted(version ?? '')} of document-sign template ${quoted(templateId)}`);
      const file = templateFileName(selected.id);
      // Size first: a missing file then fails here, before a stream exists to error unheard.
      const size = services.files.size(file);
      return {
        status: 200,
        raw: services.files.stream(file),
        contentType: 'application/pdf',
        headers: {
          'Content-Length': String(size),
          'Content-Disposition': `inline; filename="${template.id}-v${selected.number}.pdf"`,
          'X-Template-Version-Id': selected.id,
          'X-Template-Version-Number': String(selected.number),
        },
      };
    },
  };

  return [...RESOURCES.flatMap((r) => [listRoute(r), detailRoute(r)]), submissionSchema, templateContent];
}

/** Path parameters always exist once a route matched; this only narrows the type. */
function param(ctx: Ctx, name: string): string {
  return ctx.params[name] ?? '';
}
