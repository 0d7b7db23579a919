import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedCode, newIdemKey, startTestSandbox, type TestSandbox } from './harness.ts';
import { makePdf, multipart } from './fixtures.ts';
import { openUpload, type RawReply } from './raw-upload.ts';

// Issue 19: an upload refused part-way through its body (a second file part, a part under the
// wrong name) met EPIPE/ECONNRESET on the client instead of the answer, because the refusal
// closed the connection while the client was still writing. Every refusal must be read.
const MiB = 1024 * 1024;
const CHUNK = 64 * 1024;
const ROUNDS = 20;

let sb: TestSandbox;
let key: string;
let pdf: Buffer;
beforeAll(async () => {
  sb = await startTestSandbox();
  key = await sb.newKey();
  pdf = await makePdf(1);
});
afterAll(async () => sb?.close());

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sends `body` in small chunks with short pauses, so the refusal comes while it is still being written. */
async function sendSlowly(body: Buffer, contentType: string): Promise<RawReply> {
  const upload = openUpload(sb.url, '/api/v1/documents', {
    authorization: `Bearer ${key}`,
    'x-service-environment': 'sandbox',
    'idempotency-key': newIdemKey(),
    'content-type': contentType,
    'content-length': String(body.length),
  });
  for (let at = 0; at < body.length; at += CHUNK) {
    if (!(await upload.write(body.subarray(at, at + CHUNK)))) break;
    if ((at / CHUNK) % 8 === 7) await pause(1);
  }
  upload.end();
  return upload.reply;
}

async function expectReadRefusal(parts: Parameters<typeof multipart>[0], pattern: RegExp) {
  const { body, contentType } = multipart(parts);
  for (let round = 0; round < ROUNDS; round++) {
    const reply = await sendSlowly(body, contentType).catch((err: unknown) => {
      throw new Error(`round ${round + 1}: the refusal was not read (${err instanceof Error ? err.message : String(err)})`);
    });
    expect(reply.status, `round ${round + 1}: ${reply.text.slice(0, 200)}`).toBe(422);
    expect(reply.body.error.code).toBe(expectedCode('VALIDATION_FAILED'));
    expect(reply.body.error.message).toMatch(pattern);
  }
}

describe('POST /documents: a refusal mid-body is always read', () => {
  it('answers a second, large file part with its 422, never a reset', async () => {
    await expectReadRefusal(
      [
        { name: 'file', filename: 'a.pdf', content: pdf },
        { name: 'file', filename: 'b.pdf', content: randomBytes(6 * MiB) },
      ],
      /more than one/,
    );
  }, 120_000);

  it('answers a large file part under the wrong name with its 422, never a reset', async () => {
    await expectReadRefusal([{ name: 'document', filename: 'a.pdf', content: randomBytes(6 * MiB) }], /unexpected file part/);
  }, 120_000);

  it('answers an unknown field before a large file with its 422, never a reset', async () => {
    await expectReadRefusal(
      [
        { name: 'comment', value: 'hello' },
        { name: 'file', filename: 'a.pdf', content: randomBytes(6 * MiB) },
      ],
      /comment/,
    );
  }, 120_000);
});
