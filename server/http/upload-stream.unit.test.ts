import 'server-only';
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BODY, guardUploadBody } from './upload-stream';

const MiB = 1024 * 1024;

/** A chunked upload of `total` bytes that records how much of it was read. */
function upload(total: number) {
  const read = { bytes: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (read.bytes >= total) return controller.close();
      const chunk = new Uint8Array(Math.min(MiB, total - read.bytes));
      read.bytes += chunk.byteLength;
      controller.enqueue(chunk);
    },
    cancel() {
      read.cancelled = true;
    },
  });
  const req = new Request('http://console.test/api/documents', {
    method: 'POST',
    body,
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
    duplex: 'half',
  } as RequestInit);
  return { req, read };
}

async function consume(stream: ReadableStream<Uint8Array>): Promise<unknown> {
  const reader = stream.getReader();
  try {
    for (;;) if ((await reader.read()).done) return null;
  } catch (err) {
    return err;
  }
}

const settle = () => new Promise((r) => setTimeout(r, 50));

describe('an upload body counted while it streams', () => {
  it('passes a body within the limit through whole', async () => {
    const { req, read } = upload(3 * MiB);
    const guard = guardUploadBody(req);
    expect(await consume(guard.body)).toBeNull();
    expect(read.bytes).toBe(3 * MiB);
    expect(guard.exceeded()).toBe(false);
  });

  it('fails the upstream stream past the limit, then reads the rest and drops it, so the client can read the 413', async () => {
    const { req, read } = upload(MAX_UPLOAD_BODY + 5 * MiB);
    const guard = guardUploadBody(req);
    expect(await consume(guard.body)).toBeInstanceOf(Error);
    expect(guard.exceeded()).toBe(true);
    await settle();
    // Read to its end rather than cut: a client still writing meets no reset.
    expect(read.bytes).toBe(MAX_UPLOAD_BODY + 5 * MiB);
  });

  it('stops reading a client that never stops, after a bounded amount', async () => {
    const { req, read } = upload(Number.MAX_SAFE_INTEGER);
    const guard = guardUploadBody(req);
    expect(await consume(guard.body)).toBeInstanceOf(Error);
    for (let i = 0; i < 40 && !read.cancelled; i++) await settle();
    expect(read.cancelled).toBe(true);
    expect(read.bytes).toBeLessThanOrEqual(MAX_UPLOAD_BODY + 40 * MiB);
  });

  it('drains the rest too when the upstream call gives up mid-stream', async () => {
    const { req, read } = upload(8 * MiB);
    const guard = guardUploadBody(req);
    const reader = guard.body.getReader();
    await reader.read();
    await reader.cancel(new Error('the API refused'));
    await settle();
    expect(read.bytes).toBe(8 * MiB);
  });
});
