'use client';

import { describeUnsupported, type UnsupportedConstruct } from '@/lib/submission-schema/fields';

interface UnsupportedSchemaProps {
  unsupported: readonly UnsupportedConstruct[];
  /** the release's schema as the API gave it */
  schema: unknown;
  releaseId: string;
  /** what cannot be done because of it */
  consequence?: string;
}

/**
 * A release's schema uses something no form here can carry: each construct named with its
 * field, and the raw schema, so the requester (or whoever maintains the workflow) knows what to
 * change. Never a form that would accept what the API refuses.
 */
export function UnsupportedSchema({
  unsupported,
  schema,
  releaseId,
  consequence = 'The console cannot offer a form for it.',
}: UnsupportedSchemaProps) {
  return (
    <div role="alert" className="rounded-lg bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-600/30">
      <p className="font-semibold">
        The submission schema of {releaseId} uses {unsupported.length === 1 ? 'a construct' : 'constructs'} this console does not
        support. {consequence}
      </p>
      <ul className="mt-2 list-disc pl-5" aria-label="Unsupported constructs">
        {unsupported.map((u, i) => (
          <li key={i}>
            {describeUnsupported(u)} <code className="text-xs">({u.construct})</code>
          </li>
        ))}
      </ul>
      <p className="mt-2">Submit this workflow from the official UI, or ask for a release without these constructs.</p>
      <details className="mt-3">
        <summary className="cursor-pointer font-medium">Raw JSON Schema of {releaseId}</summary>
        <pre
          role="region"
          aria-label={`Raw JSON Schema of ${releaseId}`}
          tabIndex={0}
          className="mt-2 max-h-96 overflow-auto rounded-md bg-slate-900 p-3 font-mono text-xs leading-relaxed text-slate-100"
        >
          {JSON.stringify(schema, null, 2)}
        </pre>
      </details>
    </div>
  );
}
