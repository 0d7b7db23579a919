import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';

/**
 * Runs a browser hook once in plain Node (the unit project has no DOM) and hands back what it
 * returned, for calling its callbacks afterwards. One render only: effects do not run and state
 * updates are dropped, so it suits hooks whose callbacks read refs and stable closures, as
 * useKeyedMutation's do; what the screen shows is left to the Playwright journeys.
 */
export function renderHookOnce<T>(hook: () => T, client = new QueryClient()): T {
  let result: { value: T } | null = null;
  const Probe = () => {
    result = { value: hook() };
    return null;
  };
  renderToString(createElement(QueryClientProvider, { client }, createElement(Probe)));
  if (!result) throw new Error('the hook did not render');
  return (result as { value: T }).value;
}
