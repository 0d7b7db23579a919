import type { Category, RequestForm, Workflow } from '@/lib/catalog/schemas';

// Whether a new request may start on a workflow, as far as the catalog tells. The spec names
// no link between a workflow and its request form; the sandbox's records carry one either
// way (`request_form_id` on the workflow, `workflow_id` on the form). Where neither is there,
// nothing is hidden here and the API's refusal says why instead.

/** The request forms that start `workflow`'s requests. */
function formsOf(workflow: Workflow, forms: readonly RequestForm[]): RequestForm[] {
  if (workflow.request_form_id) return forms.filter((f) => f.id === workflow.request_form_id);
  return forms.filter((f) => f.workflow_id === workflow.id);
}

/** Why no new request can start on `workflow` (a clause after "not available: "), or null. */
export function unavailableReason(
  workflow: Workflow,
  forms: readonly RequestForm[] = [],
  categories: readonly Category[] = [],
): string | null {
  if (workflow.status === 'archived') return 'it is archived';
  if (workflow.runtime && workflow.runtime !== 'standard')
    return `it runs on the ${workflow.runtime} runtime, which the API cannot submit to`;
  const own = formsOf(workflow, forms);
  // An archived form starts nothing new (DESIGN.md §3); one active form among several still does.
  if (own.length > 0 && own.every((f) => f.status === 'archived')) return `its request form “${own[0]!.name}” is archived`;
  // An archived category starts nothing new either (DESIGN.md §3; README "Archived categories").
  const category = categories.find((c) => c.id === workflow.category_id);
  if (category?.status === 'archived') return `its category “${category.name}” is archived`;
  return null;
}
