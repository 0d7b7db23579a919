import { z } from 'zod';

/**
 * A field of an upstream answer that the spec does not fix: taken when it has the expected
 * type, read as absent otherwise, so one odd field never makes a whole record unreadable.
 */
export const maybe = <T extends z.ZodType>(schema: T) => schema.nullish().catch(undefined);
