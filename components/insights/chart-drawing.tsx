'use client';

import { useRouter } from 'next/navigation';
import type { Route } from 'next';
import { Bar, BarChart, CartesianGrid, Cell, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import type { ChartProps } from './insights-chart';

// The insights page's charts, drawn by Recharts (loaded by insights-chart.tsx, on this page
// alone, once the page is on screen). A click on a bar or a slice opens the list its table
// row links to.

const BRAND = '#4f46e5';

export default function ChartDrawing({ kind, points, height = 220, emptyText = 'Nothing in this period.' }: ChartProps) {
  const router = useRouter();
  const open = (index: number) => {
    const href = points[index]?.href;
    if (href) router.push(href as Route);
  };
  const empty = points.every((p) => p.value === 0);
  return (
    <div aria-hidden="true" className="w-full" style={{ height }} data-testid={`chart-${kind}`}>
      {empty ? (
        <p className="flex h-full items-center justify-center rounded-md bg-slate-50 text-sm text-slate-600">{emptyText}</p>
      ) : (
        <ResponsiveContainer width="100%" height="100%">
          {kind === 'bar' ? (
            <BarChart accessibilityLayer={false} data={points} margin={{ top: 8, right: 8, bottom: 4, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
              <XAxis dataKey="label" tick={{ fontSize: 11, fill: '#475569' }} interval="preserveStartEnd" minTickGap={8} />
              <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: '#475569' }} />
              <Tooltip cursor={{ fill: '#eef2ff' }} />
              <Bar
                dataKey="value"
                name="Count"
                fill={BRAND}
                maxBarSize={72}
                cursor="pointer"
                onClick={(_d, index) => open(index)}
                isAnimationActive={false}
              >
                {points.map((p) => (
                  <Cell key={p.label} fill={p.colour ?? BRAND} />
                ))}
              </Bar>
            </BarChart>
          ) : (
            <PieChart accessibilityLayer={false}>
              <Tooltip />
              <Pie
                data={points.filter((p) => p.value > 0)}
                dataKey="value"
                nameKey="label"
                innerRadius="45%"
                outerRadius="85%"
                cursor="pointer"
                rootTabIndex={-1}
                stroke="#fff"
                isAnimationActive={false}
                onClick={(_d, index) => {
                  const shown = points.filter((p) => p.value > 0);
                  const href = shown[index]?.href;
                  if (href) router.push(href as Route);
                }}
              >
                {points
                  .filter((p) => p.value > 0)
                  .map((p) => (
                    <Cell key={p.label} fill={p.colour ?? BRAND} />
                  ))}
              </Pie>
            </PieChart>
          )}
        </ResponsiveContainer>
      )}
    </div>
  );
}
