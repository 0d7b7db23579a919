import 'server-only';
import { getSubmissionSchema } from '../signing-api/catalog';

export interface ReadSubmissionSchemaOptions {
  workflowId: string;
  /** the release's number */
  release: string;
}

/** The submission schema of one release of a workflow. */
export async function readSubmissionSchema({ workflowId, release }: ReadSubmissionSchemaOptions) {
  return getSubmissionSchema(workflowId, release);
}
