import pino, { type Logger } from 'pino';

const SECRET_IN_TEXT = /\b(sk_[A-Za-z0-9_-]{8,}|gs_[A-Za-z0-9_-]{8,})/g;

/** Hosted-editor paths carry a credential; logs see only its shape. */
export function redactPath(path: string): string {
  return path.replace(/^(\/api\/v1\/hosted-editor\/)[^/?]+/, '$1[redacted]').replace(SECRET_IN_TEXT, '[redacted]');
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'signing-sandbox' },
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["x-sandbox-control"]',
          '*.api_key',
          '*.code',
          '*.session_id',
        ],
        censor: '[redacted]',
      },
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}
