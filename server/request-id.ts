import 'server-only';
import { randomUUID } from 'node:crypto';

// randomUUID draws from Node's cached entropy pool; randomBytes went to OpenSSL on every
// call, a measurable part of a proxied read twice over (console and upstream ids).
/** A request id for logs, error replies and the X-Request-Id sent upstream: con_ and 64 random bits. */
export const newRequestId = () => `con_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
