import 'server-only';
import { metrics, readPool } from './registry';

let running: Promise<string> | null = null;

/**
 * The metrics as Prometheus text. Scrapes that arrive together share one collection, so the
 * database counts cost one set of queries however many scrapers ask at once.
 */
export async function scrape(): Promise<{ text: string; contentType: string }> {
  const { registry } = metrics();
  running ??= readPool()
    .then(() => registry.metrics())
    .finally(() => {
      running = null;
    });
  return { text: await running, contentType: registry.contentType };
}
