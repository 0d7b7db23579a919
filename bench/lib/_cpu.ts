import { readFileSync } from 'node:fs';
import { load } from './load.ts';
import { startStack, type Stack } from './stack.ts';
const dirs = (process.env.AB ?? '.next-bench,.next-bench-fix').split(',');
const cpuMs = (pid: number) => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
const stacks: Stack[] = [];
for (const d of dirs) { process.env.NEXT_DIST_DIR = d; stacks.push(await startStack()); }
const D = Number(process.env.D ?? 6), ROUNDS = Number(process.env.ROUNDS ?? 3), C = Number(process.env.C ?? 10);
const cases = (process.env.CASES ?? 'live,me,through').split(',');
const acc: Record<string, number[]> = {};
try {
  for (let r = 0; r < ROUNDS; r++) for (const c of cases) for (let i = 0; i < stacks.length; i++) {
    const s = stacks[(i + r) % stacks.length]!; const name = dirs[(i + r) % stacks.length]!;
    let url: string, headers: Record<string, string> = {};
    if (c === 'through') { url = `${s.consoleUrl}/api/categories?size=25`; headers = { cookie: await s.signIn() }; }
    else if (c === 'me') { url = `${s.consoleUrl}/api/auth/me`; headers = { cookie: await s.signIn() }; }
    else url = `${s.consoleUrl}/api/health/live`;
    await load(url, C, 1, headers);
    const c0 = cpuMs(s.consolePid);
    const m = await load(url, C, D, headers);
    const per = (cpuMs(s.consolePid) - c0) / m.requests;
    (acc[`${c} ${name}`] ??= []).push(per);
    console.log(`r${r} ${c.padEnd(8)} ${name.padEnd(18)} console CPU ${per.toFixed(3)} ms/req over ${m.requests} req (fail ${m.non2xx + m.errors})`);
  }
  console.log('--- medians');
  for (const [k, v] of Object.entries(acc)) console.log(k.padEnd(30), v.sort((a, b) => a - b)[v.length >> 1]!.toFixed(3), 'ms CPU/req');
} finally { for (const s of stacks) await s.stop(); }
