/** 16 characters from an alphabet without look-alikes, from the CSPRNG (browser or Node). */
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789-_';
  // 256 is not a multiple of 58: bytes past the last whole multiple are redrawn, so every
  // character is equally likely.
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < 16) {
    for (const b of crypto.getRandomValues(new Uint8Array(32))) {
      if (b < limit && out.length < 16) out += alphabet[b % alphabet.length];
    }
  }
  return out;
}
