import 'server-only';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConsoleError } from '../errors';
import { spoolUpload, sweepStaleSpools } from './upload-spool';
import { MAX_UPLOAD_BODY, guardUploadBody } from './upload-stream';

const MiB = 1024 * 1024;
const parent = mkdtempSync(join(tmpdir(), 'spool-unit-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));
const leftovers = () => readdirSync(parent);

/** A request whose body is `total` bytes of `fill`, 1 MiB at a time; `stopAfter` bytes, it hangs. */
function request(total: number, opts: { length?: number; stopAfter?: number; fill?: number } = {}) {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (opts.stopAfter !== undefined && sent >= opts.stopAfter) return new Promise<void>(() => undefined);
      if (sent >= total) return controller.close();
      const chunk = new Uint8Array(Math.min(MiB, total - sent)).fill(opts.fill ?? 7);
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  const headers: Record<string, string> = { 'content-type': 'multipart/form-data; boundary=x' };
  if (opts.length !== undefined) headers['content-length'] = String(opts.length);
  return new Request('http://console.test/api/documents', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
}

async function bytesOf(stream: ReadableStream<Uint8Array>) {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => (err instanceof ConsoleError ? { status: err.status, code: err.code } : err),
  );

describe('spoolUpload', () => {
  it('receives the body whole into an owner-only file, gives its exact length and the same bytes, and removes it', async () => {
    const total = 3 * MiB + 5;
    const spooled = await spoolUpload(
      guardUploadBody(request(total, { length: total, fill: 42 })),
      new AbortController().signal,
      10_000,
      parent,
    );
    expect(spooled.size).toBe(total);
    const [dir] = leftovers();
    expect(statSync(join(parent, dir!)).mode & 0o777).toBe(0o700);
    expect(statSync(join(parent, dir!, 'body')).mode & 0o777).toBe(0o600);
    const bytes = await bytesOf(spooled.open());
    expect(bytes.length).toBe(total);
    expect(bytes.every((b) => b === 42)).toBe(true);
    await spooled.dispose();
    expect(leftovers()).toEqual([]);
  });

  it('refuses a body past the limit as it streams, and leaves no file', async () => {
    expect(
      await refusal(spoolUpload(guardUploadBody(request(MAX_UPLOAD_BODY + MiB)), new AbortController().signal, 10_000, parent)),
    ).toEqual({
      status: 413,
      code: 'FILE_TOO_LARGE',
    });
    expect(leftovers()).toEqual([]);
  });

  it('stops when the client goes, as UPLOAD_INCOMPLETE, and leaves no file', async () => {
    const gone = new AbortController();
    const spooling = refusal(
      spoolUpload(guardUploadBody(request(4 * MiB, { length: 4 * MiB, stopAfter: MiB })), gone.signal, 10_000, parent),
    );
    await new Promise((r) => setTimeout(r, 50));
    gone.abort();
    expect(await spooling).toEqual({ status: 400, code: 'UPLOAD_INCOMPLETE' });
    expect(leftovers()).toEqual([]);
  });

  it('does not pass a body shorter than its Content-Length on as whole', async () => {
    expect(
      await refusal(
        spoolUpload(guardUploadBody(request(MiB, { length: 2 * MiB })), new AbortController().signal, 10_000, parent),
      ),
    ).toEqual({
      status: 400,
      code: 'UPLOAD_INCOMPLETE',
    });
    expect(leftovers()).toEqual([]);
  });

  it('refuses a body that does not arrive whole within its deadline', async () => {
    const slow = spoolUpload(guardUploadBody(request(2 * MiB, { stopAfter: MiB })), new AbortController().signal, 200, parent);
    expect(await refusal(slow)).toEqual({ status: 408, code: 'UPLOAD_TOO_SLOW' });
    expect(leftovers()).toEqual([]);
  });
});

describe('sweepStaleSpools', () => {
  it('removes the spool folders a dead process left over an hour ago, and nothing else', async () => {
    const under = mkdtempSync(join(parent, 'sweep-'));
    const hourAgo = (Date.now() - 61 * 60_000) / 1000;
    for (const name of ['signdesk-upload-old', 'signdesk-upload-new', 'someone-else-old']) mkdirSync(join(under, name));
    utimesSync(join(under, 'signdesk-upload-old'), hourAgo, hourAgo);
    utimesSync(join(under, 'someone-else-old'), hourAgo, hourAgo);
    expect(await sweepStaleSpools(under)).toEqual(['signdesk-upload-old']);
    expect(readdirSync(under).sort()).toEqual(['signdesk-upload-new', 'someone-else-old']);
    rmSync(under, { recursive: true, force: true });
  });
});
