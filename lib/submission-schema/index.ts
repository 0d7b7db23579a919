// A release's submission schema: read into fields (fields.ts), checked (validator.ts).
export * from './fields.ts';
export * from './formats.ts';
export * from './pattern-budget.ts';
export * from './validator.ts';
