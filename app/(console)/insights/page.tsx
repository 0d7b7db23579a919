import type { Metadata } from 'next';
import { ApprovalFigures } from '@/components/insights/approval-figures';
import { InsightsFilters } from '@/components/insights/insights-filters';
import { PackageFigures } from '@/components/insights/package-figures';
import { Forbidden } from '@/components/shell/forbidden';
import { PageHeader } from '@/components/ui/page-header';
import { INSIGHTS_PARAMS, insightsSearch, type InsightsParams } from '@/lib/insights/params';
import { insightsQuerySchema } from '@/lib/insights/query';
import type { InsightsData } from '@/lib/insights/types';
import { userWith } from '@/server/auth/page-access';
import { ConsoleError } from '@/server/errors';
import { readInsights } from '@/server/insights/read-insights';
import { withTeamScope } from '@/server/teams/scope';

export const metadata: Metadata = { title: 'Insights' };

type Search = Promise<Record<string, string | string[] | undefined>>;

// The figures are read here, on the server, from the console's own tables (server/insights/):
// the page arrives drawn, and its tables need no script at all.
export default async function InsightsPage({ searchParams }: { searchParams: Search }) {
  const user = await userWith('insights:read');
  if (!user) return <Forbidden area="Insights" />;
  const raw = await searchParams;
  const params: InsightsParams = Object.fromEntries(
    INSIGHTS_PARAMS.flatMap((name) => {
      const value = raw[name];
      return typeof value === 'string' && value !== '' ? [[name, value]] : [];
    }),
  );
  // A form sends from and to empty when unused: only a custom period reads them.
  if (params.period !== 'custom') {
    delete params.from;
    delete params.to;
  }
  const parsed = insightsQuerySchema.safeParse(params);
  const errors: Record<string, string> = {};
  let data: InsightsData | null = null;
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'period')] ??= issue.message;
  } else {
    try {
      data = await withTeamScope(user, () => readInsights({ query: parsed.data, user }));
    } catch (err) {
      if (!(err instanceof ConsoleError)) throw err;
      for (const d of err.details) errors[d.path] = d.message;
      if (err.details.length === 0) errors.period = err.message;
    }
  }
  const csv = (figure: string) => {
    const search = new URLSearchParams(insightsSearch({ ...params, tz: data?.period.tz ?? params.tz }).slice(1));
    search.set('figure', figure);
    return `/api/insights/export?${search.toString()}`;
  };
  return (
    <>
      <PageHeader
        title="Insights"
        description="How many packages your teams sent, how they ended and how long signing took; how approval requests went. From the console's own records, in your time zone."
      />
      <InsightsFilters params={params} options={data?.options ?? null} errors={errors} />
      {!data ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-200">
          These figures cannot be shown for this period or these filters:{' '}
          {Object.entries(errors)
            .map(([k, v]) => `${k} ${v}`)
            .join('; ')}
          .
        </p>
      ) : (
        <div className="space-y-10">
          {data.packages && (
            <section aria-labelledby="insights-packages">
              <h2 id="insights-packages" className="mb-3 text-lg font-semibold text-slate-900">
                Signature packages
              </h2>
              <PackageFigures
                data={data.packages}
                unit={data.period.unit}
                period={data.period}
                filters={data.filters}
                csv={csv}
              />
            </section>
          )}
          {data.approvals.figures !== null && (
            <section aria-labelledby="insights-approvals">
              <h2 id="insights-approvals" className="mb-3 text-lg font-semibold text-slate-900">
                Approval requests
              </h2>
              <ApprovalFigures approvals={data.approvals} period={data.period} filters={data.filters} csv={csv} />
            </section>
          )}
        </div>
      )}
      <p className="mt-8 text-xs text-slate-600">
        About this page&apos;s weight: its charts are drawn by a charting library (Recharts) that no other page loads. With it,
        this page&apos;s JavaScript is more than the console&apos;s target of 1.6 times the framework&apos;s own; it is loaded
        after the page, whose tables hold every figure without it.
      </p>
    </>
  );
}
