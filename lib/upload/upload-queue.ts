import type { LogicalPurpose } from '../documents/schemas.ts';
import { canSend, isActive, isPending, itemReducer, newItem, type ItemEvent, type UploadItem } from './upload-machine.ts';

// The upload panel's files, pure like the machine of each file: several PDFs can be chosen
// at once or one after another, each keeps its own Idempotency-Key and state, and they are
// sent one at a time in the order chosen. One at a time because the API's upload capacity
// is shared by every operator (UPLOAD_BUSY) and the files share one uplink anyway: sending
// them together would not finish sooner, and each file's progress would mean less.

export interface UploadQueue {
  items: UploadItem[];
  /** the purpose new files get, and that files not yet sent are switched to */
  purpose: LogicalPurpose;
  /** the last request number given; numbers are never reused, even after a clear */
  requests: number;
  /** why the last choice of files was refused as a whole */
  refusal: string | null;
}

export type QueueEvent =
  /** files chosen: checked by the hook, which names them with ids of its own */
  | { type: 'add'; files: { id: number; name: string; size: number }[] }
  | { type: 'refuse'; message: string }
  | { type: 'item'; id: number; event: Exclude<ItemEvent, { type: 'purpose' | 'send' | 'start' }> }
  | { type: 'purpose'; purpose: LogicalPurpose }
  /** Upload (every ready file) or Retry (one): keys for intents that have none yet */
  | { type: 'send'; keys: Record<number, string> }
  /** the countdown ran out, or "Retry now" */
  | { type: 'resend'; id: number }
  | { type: 'remove'; id: number }
  /** closing the panel: everything not pending goes */
  | { type: 'clear' };

export const initialUploadQueue: UploadQueue = { items: [], purpose: 'ATTACHMENT', requests: 0, refusal: null };

/** A file refused for good (by the browser's checks or the API): a new choice replaces it. */
const refused = (item: UploadItem) => item.phase.kind === 'invalid' || (item.phase.kind === 'failed' && !item.phase.retryable);

const mapItem = (queue: UploadQueue, id: number, event: ItemEvent): UploadQueue => ({
  ...queue,
  items: queue.items.map((item) => (item.id === id ? itemReducer(item, event) : item)),
});

/** When nothing is in flight or counting down, the first queued file starts. */
function advance(queue: UploadQueue): UploadQueue {
  if (queue.items.some((item) => isActive(item.phase))) return queue;
  const next = queue.items.find((item) => item.phase.kind === 'queued');
  if (!next) return queue;
  const request = queue.requests + 1;
  return { ...mapItem(queue, next.id, { type: 'start', request }), requests: request };
}

function apply(queue: UploadQueue, event: QueueEvent): UploadQueue {
  switch (event.type) {
    case 'add':
      return {
        ...queue,
        refusal: null,
        items: [...queue.items.filter((item) => !refused(item)), ...event.files.map((f) => newItem(f.id, f.name, f.size, queue.purpose))],
      };
    case 'refuse':
      return { ...queue, refusal: event.message };
    case 'item':
      return mapItem(queue, event.id, event.event);
    case 'purpose':
      if (queue.items.some((item) => isPending(item.phase))) return queue;
      return { ...queue, purpose: event.purpose, items: queue.items.map((item) => itemReducer(item, { type: 'purpose', purpose: event.purpose })) };
    case 'send':
      return {
        ...queue,
        items: queue.items.map((item) => (event.keys[item.id] && canSend(item.phase) ? itemReducer(item, { type: 'send', freshKey: event.keys[item.id]! }) : item)),
      };
    case 'resend': {
      const item = queue.items.find((i) => i.id === event.id);
      if (item?.phase.kind !== 'waiting') return queue;
      const request = queue.requests + 1;
      return { ...mapItem(queue, event.id, { type: 'start', request }), requests: request };
    }
    case 'remove':
      return { ...queue, items: queue.items.filter((item) => item.id !== event.id || isPending(item.phase)) };
    case 'clear':
      return { ...queue, refusal: null, items: queue.items.filter((item) => isPending(item.phase)) };
  }
}

export function uploadQueueReducer(queue: UploadQueue, event: QueueEvent): UploadQueue {
  return advance(apply(queue, event));
}

/** Is any file sent and not yet answered for good (queued, in flight or counting down)? */
export const isUploading = (queue: UploadQueue) => queue.items.some((item) => isPending(item.phase));

/** The files Upload would send now. */
export const readyItems = (queue: UploadQueue) => queue.items.filter((item) => item.phase.kind === 'ready');

/** The file whose request should be in flight, if any: the hook sends it. */
export const uploadingItem = (queue: UploadQueue) => queue.items.find((item) => item.phase.kind === 'uploading');
