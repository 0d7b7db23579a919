// CI installs with --ignore-scripts, then runs here every install script the lock's packages
// and the project itself have, but better-sqlite3's: that one compiles SQLite on a single core
// for about 50 s, so `npm test` compiles it beside the console's build instead
// (scripts/lib/sqlite-binding.ts). Found by query, not by a list, so a new dependency's
// install script is never skipped.
import { execFileSync } from 'node:child_process';

const DEFERRED = new Set(['better-sqlite3']);
const query = ':attr(scripts, [preinstall]), :attr(scripts, [install]), :attr(scripts, [postinstall])';
const found = JSON.parse(execFileSync('npm', ['query', query], { encoding: 'utf8', maxBuffer: 64 << 20 }));
const packages = [...new Set(found.filter((p) => p.location !== '' && !DEFERRED.has(p.name)).map((p) => p.name))];
if (packages.length > 0) execFileSync('npm', ['rebuild', ...packages], { stdio: 'inherit' });
const own = found.find((p) => p.location === '')?.scripts ?? {};
for (const stage of ['preinstall', 'install', 'postinstall', 'prepare'])
  if (own[stage]) execFileSync('npm', ['run', stage], { stdio: 'inherit' });
console.log(`install scripts run: ${packages.join(', ') || 'none'} and the project's own; deferred: ${[...DEFERRED].join(', ')}`);
