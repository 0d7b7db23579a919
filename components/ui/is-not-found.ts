import { ConsoleApiError } from '@/lib/api-error';

/** Whether a failed call means the record is not there: the API answered 404, whatever its message says. */
export const isNotFound = (error: unknown): error is ConsoleApiError => error instanceof ConsoleApiError && error.status === 404;
