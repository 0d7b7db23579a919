import { describe, expect, it } from 'vitest';
import { statusTone } from './status-tones.ts';

describe('statusTone', () => {
  it('colours a status by what it means, whatever its case or family', () => {
    expect(statusTone('declined')).toBe('red');
    expect(statusTone('REJECTED')).toBe('red');
    expect(statusTone('completed')).toBe('green');
    expect(statusTone('expired')).toBe('amber');
    expect(statusTone('queued')).toBe('blue');
    expect(statusTone('something_new')).toBe('gray');
  });
});
