'use client';

import dynamic from 'next/dynamic';

// A chart of the insights page. It is for the eye: hidden from screen readers, whose table is
// beside it with the same figures and links. Recharts is this page's alone and the heaviest
// thing it loads, so it comes after the page (whose tables the server has already drawn).

export interface ChartPoint {
  label: string;
  value: number;
  /** the list with this point's filters; none: the console's lists cannot narrow to it */
  href?: string;
  /** a slice's colour */
  colour?: string;
}

export interface ChartProps {
  kind: 'bar' | 'pie';
  points: ChartPoint[];
  height?: number;
  /** what an empty chart says instead of drawing bars of 0 */
  emptyText?: string;
}

const Drawing = dynamic(() => import('./chart-drawing'), {
  ssr: false,
  loading: () => <div aria-hidden="true" className="h-[220px] w-full animate-pulse rounded-md bg-slate-50" />,
});

export function InsightsChart(props: ChartProps) {
  return <Drawing {...props} />;
}
