// npm run docs:config: writes docs/running/configuration.md from the settings' schemas.
// --check: writes nothing, exits 1 when the page is not what the schemas give.
import { readFileSync, writeFileSync } from 'node:fs';
import { CONFIGURATION_DOC, renderConfiguration } from './lib/docs/render-configuration.ts';

const text = await renderConfiguration();
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(CONFIGURATION_DOC, 'utf8');
  } catch {
    // missing: stale
  }
  if (current !== text) {
    console.error(`${CONFIGURATION_DOC} is out of date: run npm run docs:config`);
    process.exit(1);
  }
  console.log(`${CONFIGURATION_DOC} is up to date`);
} else {
  writeFileSync(CONFIGURATION_DOC, text);
  console.log(`wrote ${CONFIGURATION_DOC}`);
}
