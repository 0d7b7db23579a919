import 'server-only';
import { describe, expect, it } from 'vitest';
import { ConsoleError } from '../errors';
import { UploadSlots } from './upload-slots';

const refusalOf = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (err) {
    return err instanceof ConsoleError ? { status: err.status, code: err.code, retryAfter: err.headers['Retry-After'] } : err;
  }
};
const never = () => new AbortController().signal;

describe('UploadSlots.admit', () => {
  it("refuses a user's upload past their limit at once, with when to retry, and not anyone else's", () => {
    const slots = new UploadSlots({ perUser: 2, receiving: 10, sending: 1 });
    slots.admit('alice');
    const second = slots.admit('alice');
    expect(refusalOf(() => slots.admit('alice'))).toEqual({ status: 429, code: 'TOO_MANY_UPLOADS', retryAfter: '5' });
    expect(refusalOf(() => slots.admit('bob'))).toBeNull();
    // A slot given back (twice, by mistake) is one slot back.
    second();
    second();
    expect(refusalOf(() => slots.admit('alice'))).toBeNull();
    expect(refusalOf(() => slots.admit('alice'))).toMatchObject({ code: 'TOO_MANY_UPLOADS' });
  });

  it('refuses past the instance receiving limit with 503 UPLOAD_SLOTS_BUSY, and frees a user entirely', () => {
    const slots = new UploadSlots({ perUser: 2, receiving: 2, sending: 1 });
    const a = slots.admit('alice');
    const b = slots.admit('bob');
    expect(refusalOf(() => slots.admit('carol'))).toEqual({ status: 503, code: 'UPLOAD_SLOTS_BUSY', retryAfter: '3' });
    a();
    b();
    expect(slots.usage()).toEqual({ users: 0, receiving: 0, sending: 0, waiting: 0 });
  });
});

describe('UploadSlots.send', () => {
  it('hands a freed sending slot to the first in line', async () => {
    const slots = new UploadSlots({ perUser: 5, receiving: 5, sending: 1 });
    const first = await slots.send(never(), 5_000);
    const order: string[] = [];
    const second = slots.send(never(), 5_000).then((done) => (order.push('second'), done));
    const third = slots.send(never(), 5_000).then((done) => (order.push('third'), done));
    expect(slots.usage()).toMatchObject({ sending: 1, waiting: 2 });
    first();
    (await second)();
    (await third)();
    expect(order).toEqual(['second', 'third']);
    expect(slots.usage()).toMatchObject({ sending: 0, waiting: 0 });
  });

  it('gives up on a turn that does not come in time, or whose client went, and leaves the line', async () => {
    const slots = new UploadSlots({ perUser: 5, receiving: 5, sending: 1 });
    const held = await slots.send(never(), 5_000);
    await expect(slots.send(never(), 20)).rejects.toMatchObject({ status: 503, code: 'UPLOAD_SLOTS_BUSY' });
    const gone = new AbortController();
    const waiting = slots.send(gone.signal, 5_000);
    gone.abort(new Error('client gone'));
    await expect(waiting).rejects.toThrow('client gone');
    expect(slots.usage()).toMatchObject({ sending: 1, waiting: 0 });
    held();
    expect(slots.usage()).toMatchObject({ sending: 0 });
  });
});
