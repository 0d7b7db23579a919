import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestConsole, type TestConsole } from './harness';

// Issue 40: the sign-in page of the embedded sandbox said the demo password was in
// `demo-password` in `.data/console`, which was false twice over: with DEMO_PASSWORD set no file
// is written, and CONSOLE_DATA_DIR may name another folder. It now says what `npm start` did.

/** The sign-in page's note about the demo accounts, as plain text. */
async function demoNote(c: TestConsole): Promise<string> {
  const reply = await c.call('GET', '/sign-in');
  expect(reply.status).toBe(200);
  const html = reply.bytes.toString('utf8');
  const note = /<p role="note"[^>]*>([\s\S]*?)<\/p>/.exec(html);
  expect(note, 'the sign-in page has the embedded sandbox note').not.toBeNull();
  return note![1]!
    .replace(/<[^>]+>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;|&apos;/g, "'")
    .replace(/\s+/g, ' ');
}

let generated: TestConsole;
let given: TestConsole;
beforeAll(async () => {
  generated = await startTestConsole({ env: { DEMO_PASSWORD: undefined } });
  given = await startTestConsole({
    env: { DEMO_PASSWORD: 'a-demo-password-from-the-setting' },
    shared: { sandbox: generated.sandbox, appId: generated.appId, apiKey: generated.apiKey },
  });
});
afterAll(async () => {
  await given?.close();
  await generated?.close();
});

describe('the sign-in page names where the demo password is', () => {
  it('without DEMO_PASSWORD: the demo-password file in this console’s CONSOLE_DATA_DIR', async () => {
    const note = await demoNote(generated);
    expect(note).toContain(`${generated.dataDir}/demo-password`);
    expect(note).not.toContain('.data/console');
    expect(note).not.toContain('DEMO_PASSWORD');
  });

  it('with DEMO_PASSWORD: that setting, and no file (none is written), never the password itself', async () => {
    const note = await demoNote(given);
    expect(note).toContain('DEMO_PASSWORD');
    expect(note).not.toContain('demo-password');
    expect(note).not.toContain('a-demo-password-from-the-setting');
  });
});
