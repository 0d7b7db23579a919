import 'server-only';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { Agent, request, type Dispatcher } from 'undici';

// HTTP to the Signing API over undici's own dispatcher rather than the global fetch: in the
// console's process (Next's async contexts, its patched fetch) fetch's WHATWG layers cost
// about three times the CPU of a dispatch, and a proxied read is mostly this exchange.
// One keep-alive agent per process, kept on globalThis so Next's dev reloads reuse it.
const holder = globalThis as unknown as { signdeskDispatcher?: Agent };
const agent = () => (holder.signdeskDispatcher ??= new Agent({ keepAliveTimeout: 4_000, connections: 128 }));

export interface Exchange {
  method: string;
  url: URL;
  headers: Record<string, string>;
  /** JSON text, or a stream sent once (uploads) */
  body?: string | ReadableStream<Uint8Array>;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** An answer: status and headers, the body still to be read (or already buffered). */
export interface Answer {
  status: number;
  header(name: string): string | null;
  /** the body as JSON, or undefined when it is not JSON */
  json(): Promise<unknown>;
  /** the body as text (an error's, whatever its shape) */
  text(): Promise<string>;
  /** the body as a stream (only for `streamed` exchanges) */
  stream(): Readable;
  /** the body dropped unread (a probe wants only the status) */
  discard(): void;
}

/** Transport failures, told apart for the error the console shows. */
export class TransportError extends Error {
  constructor(readonly timedOut: boolean) {
    super(timedOut ? 'timeout' : 'unreachable');
  }
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

const parseJson = (bytes: Buffer): unknown => {
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * A small exchange read whole into memory (every JSON call without a streamed body). The
 * timeout bounds the wait for the headers and any pause inside the body.
 */
export function buffered(x: Exchange & { body?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let status = 0;
    let raw: Buffer[] = [];
    const handler: Dispatcher.DispatchHandler = {
      onConnect() {},
      onHeaders(statusCode, headers) {
        status = statusCode;
        raw = headers;
        return true;
      },
      onData(chunk) {
        chunks.push(chunk);
        return true;
      },
      onComplete() {
        const bytes = Buffer.concat(chunks);
        resolve({
          status,
          header: (name) => rawHeader(raw, name),
          json: async () => parseJson(bytes),
          text: async () => bytes.toString('utf8'),
          stream: () => Readable.from([bytes]),
          discard: () => {},
        });
      },
      onError(err) {
        reject(new TransportError(TIMEOUT_CODES.has((err as { code?: string }).code ?? '')));
      },
    };
    agent().dispatch(
      { origin: x.url.origin, path: `${x.url.pathname}${x.url.search}`, method: x.method, headers: x.headers, body: x.body, headersTimeout: x.timeoutMs, bodyTimeout: x.timeoutMs },
      handler,
    );
  });
}

/** An exchange whose body streams either way (uploads, PDFs); the timeout bounds the whole exchange. */
export async function streamed(x: Exchange): Promise<Answer> {
  const timeout = AbortSignal.timeout(x.timeoutMs);
  try {
    const res = await request(x.url, {
      method: x.method as Dispatcher.HttpMethod,
      headers: x.headers,
      body: typeof x.body === 'string' || x.body === undefined ? x.body : Readable.fromWeb(x.body as NodeReadableStream<Uint8Array>),
      signal: x.signal ? AbortSignal.any([timeout, x.signal]) : timeout,
      dispatcher: agent(),
    });
    return {
      status: res.statusCode,
      header: (name) => {
        const v = res.headers[name];
        return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
      },
      json: () => res.body.json().catch(() => undefined),
      text: () => res.body.text().catch(() => ''),
      stream: () => res.body,
      // Destroyed without a reason, undici's body emits an abort error; unheard, it would be
      // the process's uncaught exception.
      discard: () => {
        res.body.on('error', () => {});
        res.body.destroy();
      },
    };
  } catch {
    throw new TransportError(timeout.aborted);
  }
}

function rawHeader(raw: Buffer[], name: string): string | null {
  const values: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (raw[i]!.toString('latin1').toLowerCase() === name) values.push(raw[i + 1]!.toString('latin1'));
  }
  return values.length ? values.join(', ') : null;
}
