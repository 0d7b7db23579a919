import { METHODS, request } from 'node:http';
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { bodyOf } from './harness.ts';
import { sandboxForFile } from './sandbox-for-file.ts';

// Spec sections 4, 7 and 9: /api/v1/requests is retired and answers 410 ENDPOINT_RETIRED.
// "Whatever the method" is taken literally: every method Node's HTTP parser accepts, with or
// without a key and a body, on the path and on anything below it.

const sb = sandboxForFile();
let key: string;
beforeAll(async () => {
  key = await sb.newKey();
});

interface Raw {
  status: number;
  contentType: string;
  text: string;
}

/** node:http, since fetch refuses methods such as TRACE and CONNECT. */
function send(method: string, path: string, opts: { body?: string; key?: boolean } = {}): Promise<Raw> {
  const { hostname, port } = new URL(sb.url);
  return new Promise((resolve, reject) => {
    const req = request({
      hostname,
      port,
      method,
      path,
      headers: opts.key ? { authorization: `Bearer ${key}`, 'x-service-environment': 'sandbox' } : {},
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'] ?? '', text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    if (opts.body !== undefined) {
      // Explicit: for DELETE and OPTIONS Node's client would send the body unframed.
      req.setHeader('content-type', 'application/json');
      req.setHeader('content-length', Buffer.byteLength(opts.body));
      req.end(opts.body);
    } else req.end();
  });
}

/** CONNECT by hand: Node hands it to the server's 'connect' event instead of the request handler. */
function sendConnect(path: string): Promise<Raw> {
  const { hostname, port } = new URL(sb.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.write(`CONNECT ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`),
    );
    let text = '';
    const raw = (body: string): Raw => ({
      status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0),
      contentType: /\r\ncontent-type: ([^\r]+)/i.exec(text)?.[1] ?? '',
      text: body,
    });
    socket.on('data', (d: Buffer) => {
      text += d.toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(text);
      if (end >= 0 && length && text.length >= end + 4 + Number(length[1])) {
        socket.destroy();
        resolve(raw(text.slice(end + 4)));
      }
    });
    socket.on('close', () => resolve(raw(text.slice(text.indexOf('\r\n\r\n') + 4))));
    socket.on('error', reject);
  });
}

const PATHS = [
  '/api/v1/requests',
  '/api/v1/requests/',
  '/api/v1/requests/r_1?x=1',
  '/api/v1/requests/r_1/revision-draft',
  '/api/v1/requests/a/b/c/d',
];

function expectRetired(reply: Raw, where: string, withBody: boolean) {
  expect(reply.status, where).toBe(410);
  if (!withBody) return;
  const body = bodyOf(reply.status, reply.contentType, reply.text) as { error: { code: string; message: string; request_id: string } };
  expect(body.error.code, where).toBe('ENDPOINT_RETIRED');
  expect(body.error.message, where).toContain('/api/v1/approval-requests');
}

describe('/api/v1/requests is retired for every method', () => {
  const methods = METHODS.filter((m) => m !== 'CONNECT');

  it(`answers 410 ENDPOINT_RETIRED to all ${methods.length} methods on the path and below it`, async () => {
    const failures: string[] = [];
    for (const method of methods) {
      for (const path of PATHS) {
        const reply = await send(method, path);
        if (reply.status !== 410) failures.push(`${method} ${path}: ${reply.status}`);
        else expectRetired(reply, `${method} ${path}`, method !== 'HEAD');
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers the same with an API key and a body, before authentication or body parsing', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND']) {
      expectRetired(await send(method, '/api/v1/requests', { key: true, body: '{"name": "not even json' }), method, true);
      expectRetired(await send(method, '/api/v1/requests/r_1', { body: '[]' }), method, true);
    }
  });

  it('answers CONNECT too', async () => {
    expectRetired(await sendConnect('/api/v1/requests'), 'CONNECT', true);
  });

  it('leaves neighbours alone: approval-requests is live and a similar path is unknown', async () => {
    expect((await send('GET', '/api/v1/approval-requests', { key: true })).status).toBe(200);
    expect((await send('GET', '/api/v1/requestsx')).status).toBe(404);
    expect((await send('OPTIONS', '/api/v1/approval-requests')).status).toBe(405);
  });
});
