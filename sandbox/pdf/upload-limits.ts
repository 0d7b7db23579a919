import { ApiError } from '../http/errors.ts';

// The spec's "exactly one PDF, max 25 MB, 1-200 pages"; DESIGN.md reads 25 MB as MiB.
export const MAX_FILE_BYTES = 25 * 1024 * 1024;
export const MIN_PAGES = 1;
export const MAX_PAGES = 200;

export const fileTooLarge = (maxFileBytes: number) =>
  new ApiError(413, 'FILE_TOO_LARGE', `The file is larger than the ${maxFileBytes / (1024 * 1024)} MiB limit.`, [
    { path: 'file', message: `must be at most ${maxFileBytes} bytes` },
  ]);
