import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

// README: copy .env.example to .env. Its empty lines must read as unset, as the console's do.
describe('readConfig', () => {
  it('reads an empty SANDBOX_CONTROL_TOKEN (as .env.example has it) as no control plane', () => {
    expect(readConfig({ ...process.env, SANDBOX_CONTROL_TOKEN: '' }).SANDBOX_CONTROL_TOKEN).toBeUndefined();
    expect(() => readConfig({ ...process.env, SANDBOX_CONTROL_TOKEN: 'short' })).toThrow(/SANDBOX_CONTROL_TOKEN/);
  });
});
