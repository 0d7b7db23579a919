import { describe, expect, it } from 'vitest';
import { normalisePhone } from './phone.ts';
import { signerInputSchema } from './schemas.ts';

const signer = (phone: string) => ({ slot_id: 's1', name: 'Grace Hopper', email: 'grace@example.com', phone });

describe('phone numbers as people write them', () => {
  it('are sent in E.164: separators go, a leading 00 becomes +', () => {
    expect(normalisePhone(' +49 151 1234-5678 ')).toBe('+4915112345678');
    expect(normalisePhone('0044 (20) 7123.4567')).toBe('+442071234567');
    expect(normalisePhone('+1/212/555/0100')).toBe('+12125550100');
  });

  it('are accepted by the send form and the route, and sent normalised; what is no phone number is still refused', () => {
    expect(signerInputSchema.parse(signer('+49 151 1234 5678')).phone).toBe('+4915112345678');
    for (const bad of ['0151 1234 5678', '+0 151 1234', '12345', '+49 151 ABC', `+49${'1'.repeat(40)}`])
      expect(signerInputSchema.safeParse(signer(bad)).success, bad).toBe(false);
  });
});
