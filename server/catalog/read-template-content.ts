import 'server-only';
import { templateContent } from '../signing-api/catalog';

export interface ReadTemplateContentOptions {
  templateId: string;
  /** a template version's id; none: the current version */
  versionId?: string;
}

/** The source PDF of a template version as the API answers it: the body is streamed on, never read here. */
export async function readTemplateContent({ templateId, versionId }: ReadTemplateContentOptions): Promise<Response> {
  return templateContent(templateId, versionId);
}
