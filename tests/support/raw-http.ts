import { connect as tcp, type Socket } from 'node:net';

// Requests written byte by byte on a raw socket: what no well-behaved client library sends
// (a trickled body, a forged Host, a socket held open), which the attack suites need.

export interface Raw {
  status: number | null;
  text: string;
  ms: number;
}

/** One request on a raw socket: `parts` are written with `gapMs` between them; resolves when the server closes or answers whole. */
export function raw(port: number, parts: string[], gapMs = 0, giveUpMs = 15_000): Promise<Raw> {
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = tcp(port, '127.0.0.1');
    let text = '';
    let timer: NodeJS.Timeout | undefined;
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
      resolve({ status: status ? Number(status[1]) : null, text, ms: Date.now() - started });
    };
    socket.on('data', (d) => {
      text += d.toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(head);
      if (length && Buffer.byteLength(body) >= Number(length[1])) done();
    });
    socket.on('close', done);
    socket.on('error', () => undefined);
    const giveUp = setTimeout(done, giveUpMs);
    socket.on('close', () => clearTimeout(giveUp));
    let i = 0;
    const next = () => {
      if (i >= parts.length || socket.destroyed) return;
      socket.write(parts[i++]!);
      timer = setTimeout(next, gapMs);
    };
    socket.on('connect', next);
  });
}

/** A socket connected and left open with `head` written: what a half-sent request holds. */
export function heldSocket(port: number, head: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = tcp(port, '127.0.0.1', () => {
      socket.write(head);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}
