import { connect as tcp } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestConsole, type TestConsole } from '../console/harness';
import { multipart } from '@/sandbox/conformance/fixtures';
import { idem, makePdf, setFaults, uploadViaConsole } from '../console/console-fixtures';

// Issue 33: one operator trickling a few uploads held the API's whole upload capacity, every
// other user got 503 UPLOAD_BUSY, and that refusal was journaled as an answer lost. The
// console now bounds uploads per user and per instance, receives a body whole before the API
// sees it, frees a slot the moment its client goes, and journals UPLOAD_BUSY as refused.
let c: TestConsole;
const PER_USER = 2;
beforeAll(async () => {
  c = await startTestConsole({
    // The stall floor off (60 s windows): this attacker keeps under it only to be patient.
    env: { UPLOADS_PER_USER: String(PER_USER), UPLOADS_PER_INSTANCE: '2', UPLOAD_STALL_MS: '60000' },
  });
});
afterAll(async () => c?.close());

interface Trickle {
  /** the console's answer, when one came before the socket closed */
  answer: Promise<{ status: number | null; text: string; ms: number }>;
  /** the attacker walks away: the socket is destroyed mid-body */
  leave(): void;
}

/** An upload on a raw socket: the multipart head, then 10 bytes every 400 ms of a 200 kB body. */
/** Every trickle a test opened, left after it whatever happened. */
const trickles: Trickle[] = [];
afterEach(() => trickles.splice(0).forEach((t) => t.leave()));

function trickle(cookie: string, key = idem('slow')): Trickle {
  const { port } = new URL(c.url);
  const boundary = 'trickleboundary';
  const started = Date.now();
  const socket = tcp(Number(port), '127.0.0.1');
  let text = '';
  let timer: NodeJS.Timeout | undefined;
  const answer = new Promise<{ status: number | null; text: string; ms: number }>((resolve) => {
    const done = () => {
      clearInterval(timer);
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
      resolve({ status: status ? Number(status[1]) : null, text, ms: Date.now() - started });
    };
    socket.on('data', (d) => {
      text += d.toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) return;
      const head = text.slice(0, split);
      const body = text.slice(split + 4);
      const length = /content-length: (\d+)/i.exec(head);
      const whole = length
        ? Buffer.byteLength(body) >= Number(length[1])
        : /transfer-encoding: chunked/i.test(head) && body.endsWith('0\r\n\r\n');
      if (whole) {
        done();
        socket.destroy();
      }
    });
    socket.on('close', done);
    socket.on('error', () => undefined);
  });
  socket.on('connect', () => {
    socket.write(
      `POST /api/documents HTTP/1.1\r\nHost: ${new URL(c.url).host}\r\nOrigin: ${c.url}\r\nCookie: ${cookie}\r\nIdempotency-Key: ${key}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 200000\r\n\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
    );
    timer = setInterval(() => socket.write('x'.repeat(10)), 400);
  });
  const handle = {
    answer,
    leave: () => {
      clearInterval(timer);
      socket.destroy();
    },
  };
  trickles.push(handle);
  return handle;
}

/** A whole upload on a raw socket, sent at once; its client can then walk away before the answer. */
function whole(cookie: string, pdf: Buffer): Trickle {
  const { body, contentType } = multipart([{ name: 'file', filename: 'whole.pdf', content: pdf }]);
  const socket = tcp(Number(new URL(c.url).port), '127.0.0.1');
  socket.on('error', () => undefined);
  socket.on('connect', () => {
    socket.write(
      `POST /api/documents HTTP/1.1\r\nHost: ${new URL(c.url).host}\r\nOrigin: ${c.url}\r\nCookie: ${cookie}\r\nIdempotency-Key: ${idem('gone')}\r\n` +
        `Content-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body);
  });
  const handle = { answer: new Promise<never>(() => undefined), leave: () => socket.destroy() };
  trickles.push(handle);
  return handle;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const openUploadKeys = async (cookie: string) => {
  const reply = await c.call('GET', '/api/intents?operation=document.upload', { cookie });
  expect(reply.status).toBe(200);
  return (reply.body.data as { idempotency_key: string; state: string }[]).map((i) => i.idempotency_key);
};

describe('upload slots', () => {
  it("one user's trickled uploads neither hold the API's capacity nor keep anyone else out, and free their slots when they go", async () => {
    const services = c.sandbox.sandbox.services;
    // The API takes as many uploads at once as one user may have in flight: before the fix,
    // this user's trickles alone filled it.
    services.uploads.capacity = PER_USER;
    try {
      const held = Array.from({ length: PER_USER }, () => trickle(c.cookies.operator));
      await sleep(1_500);
      // A body still arriving holds no slot of the API's: it is received whole first.
      expect(services.uploads.active).toBe(0);

      // The next one of the same user is refused at once, in words, with when to try again.
      const refusedKey = idem('slow');
      const extra = trickle(c.cookies.operator, refusedKey);
      const refused = await extra.answer;
      extra.leave();
      expect(refused.status).toBe(429);
      expect(refused.text).toContain('TOO_MANY_UPLOADS');
      expect(refused.text).toMatch(/\r\nretry-after: \d+\r\n/i);
      expect(refused.ms).toBeLessThan(3_000);
      // A refusal before anything was sent is no answer lost.
      expect(await openUploadKeys(c.cookies.operator)).not.toContain(refusedKey);

      // Another user uploads as if nobody were trickling.
      const started = Date.now();
      const other = await uploadViaConsole(c, await makePdf(1), { cookie: c.cookies.admin });
      expect(other.status, other.bytes.toString('utf8').slice(0, 300)).toBe(200);
      expect(Date.now() - started).toBeLessThan(10_000);
      // The trickles are still being received (nothing answered them).
      for (const h of held)
        expect(await Promise.race([h.answer.then(() => 'answered'), sleep(50).then(() => 'open')])).toBe('open');

      // The attacker leaves: their slots are free again within a few seconds.
      for (const h of held) h.leave();
      const left = Date.now();
      let again = await uploadViaConsole(c, await makePdf(1));
      while (again.status !== 200 && Date.now() - left < 5_000) {
        await sleep(250);
        again = await uploadViaConsole(c, await makePdf(1));
      }
      expect(again.status, again.bytes.toString('utf8').slice(0, 300)).toBe(200);
      // Uploads whose body never arrived whole were never sent: none is left as an answer lost.
      await expect.poll(() => openUploadKeys(c.cookies.operator), { timeout: 5_000 }).toEqual([]);
    } finally {
      services.uploads.capacity = 8;
    }
  });

  it('aborts the upload to the API the moment its browser goes, and frees its sending slot at once', async () => {
    // The API takes 30 s before it answers the next two uploads; both sending slots are theirs.
    await setFaults(c, [{ method: 'POST', path: '/api/v1/documents', latency_ms: 30_000, times: 2 }]);
    try {
      const pdf = await makePdf(1);
      const gone = [whole(c.cookies.operator, pdf), whole(c.cookies.admin, pdf)];
      await sleep(1_500);
      for (const g of gone) g.leave();
      // Not aborted, the two would hold both slots for the 30 s, and this one would wait for them.
      const started = Date.now();
      const next = await uploadViaConsole(c, pdf, { cookie: c.cookies.admin });
      expect(next.status, next.bytes.toString('utf8').slice(0, 300)).toBe(200);
      expect(Date.now() - started).toBeLessThan(8_000);
    } finally {
      await setFaults(c, []);
    }
  });

  it("journals the API's UPLOAD_BUSY as refused, not as an answer lost", async () => {
    const services = c.sandbox.sandbox.services;
    services.uploads.capacity = 0;
    try {
      const key = idem('busy');
      const reply = await uploadViaConsole(c, await makePdf(1), { key, cookie: c.cookies.admin });
      expect(reply.status).toBe(503);
      expect(reply.body.error.code).toBe('UPLOAD_BUSY');
      expect(reply.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(reply.headers.get('intent-state')).toBe('failed');
      expect(await openUploadKeys(c.cookies.admin)).not.toContain(key);
    } finally {
      services.uploads.capacity = 8;
    }
  });
});
