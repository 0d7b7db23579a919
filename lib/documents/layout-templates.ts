/** GET /api/documents/{id}/templates: a template made from the document's layout, as the publish answered. */
export interface LayoutTemplate {
  template_id: string;
  published_at: string;
}
