// Shapes of the catalog records as stored and served. Fields beyond the spec's are this
// sandbox's decisions (DESIGN.md section 3); clients must tolerate unknown fields anyway.

export type CatalogStatus = 'active' | 'archived';

export interface ArchiveInfo {
  archived_at: string | null;
  archive_reason: string | null;
}

export interface CategoryRecord extends ArchiveInfo {
  id: string;
  name: string;
  description: string;
  status: CatalogStatus;
  created_at: string;
  updated_at: string;
  /** app that created it through the API; null for seeded categories */
  created_by_app_id: string | null;
}

export interface RequestTemplateRecord {
  id: string;
  name: string;
  description: string;
  status: CatalogStatus;
  category_id: string;
  form_version: number;
  created_at: string;
  updated_at: string;
}

export interface ApprovalLayer {
  name: string;
  sla_hours: number;
}

export interface WorkflowRelease {
  release: number;
  workflow_release_id: string;
  form_version: number;
  published_version: number;
  published_at: string;
}

export interface WorkflowRecord extends ArchiveInfo {
  id: string;
  name: string;
  description: string;
  status: CatalogStatus;
  category_id: string;
  category_name: string;
  request_template_id: string;
  request_template_name: string;
  request_form_id: string;
  /** the current (newest) release; older ones are stale for new submissions */
  current_release: number;
  workflow_release_id: string;
  form_version: number;
  published_version: number;
  published_at: string;
  releases: WorkflowRelease[];
  layers: ApprovalLayer[];
  /** `standard` runs through the API; anything else is an unsupported runtime */
  runtime: 'standard' | 'legacy_v1';
  accepts_per_document_signing: boolean;
  created_at: string;
  updated_at: string;
}

/** A release's JSON Schema 2020-12: see lib/submission-schema for what is understood. */
export interface SubmissionSchemaRecord {
  id: string; // `<workflow_id>@<release>`
  workflow_id: string;
  release: number;
  schema: SubmissionSchema;
}

/** A field's JSON Schema 2020-12 (lib/submission-schema reads what a form can carry). */
export interface SchemaProperty {
  title?: string;
  [keyword: string]: unknown;
}

export interface SubmissionSchema {
  $schema?: string;
  type: 'object';
  title?: string;
  properties: Record<string, SchemaProperty>;
  required: string[];
  additionalProperties?: boolean;
  [keyword: string]: unknown;
}

export interface RequestFormRecord extends ArchiveInfo {
  id: string;
  name: string;
  description: string;
  status: CatalogStatus;
  category_id: string;
  request_template_id: string;
  workflow_id: string;
  form_version: number;
  created_at: string;
  updated_at: string;
}

export interface TemplateVersion {
  id: string;
  number: number;
  page_count: number;
  created_at: string;
}

export interface SignerSlot {
  slot_id: string;
  label: string;
  recipient_kind: 'external';
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SenderField {
  key: string;
  label: string;
  type: 'text' | 'date' | 'number';
  required: boolean;
  page: number;
  rect: Rect;
}

export interface SignTemplateRecord {
  id: string;
  name: string;
  description: string;
  status: CatalogStatus;
  /** templates must be allowed for API use before an app can preview or send with them */
  api_enabled: boolean;
  page_count: number;
  versions: TemplateVersion[];
  current_version_id: string;
  slots: (SignerSlot & { page: number; rect: Rect })[];
  sender_fields: SenderField[];
  created_at: string;
  updated_at: string;
}

export const templateFileName = (versionId: string) => `template-${versionId}.pdf`;
