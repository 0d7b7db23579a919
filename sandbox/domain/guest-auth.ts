import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ApiError } from '../http/errors.ts';
import { hashSecret } from '../keys.ts';
import type { Services } from '../services.ts';
import type { PackageRecord, PackageSigner } from './packages.ts';

// One-time passwords and guest sessions for package recipients. Nothing here may tell a
// caller whether an e-mail is a signer: strangers get a challenge too (one that no code
// opens), so attempts, locking and expiry behave the same for both.

export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
/** codes issued per (request, e-mail) per hour: with 5 attempts each, guessing stays hopeless */
export const OTP_ISSUES_PER_HOUR = 5;
export const GUEST_SESSION_TTL_MS = 60 * 60 * 1000;
/** the window OTP_ISSUES_PER_HOUR counts over */
export const OTP_ISSUE_WINDOW_MS = 60 * 60 * 1000;

export interface OtpChallengeRecord {
  id: string;
  /** salted hash of the code; null when the e-mail is not a signer or the code was used */
  code_hash: string | null;
  salt: string;
  expires_at_ms: number;
  attempts: number;
  locked: boolean;
  issued_at_ms: number[];
}

/** Stored under the hash of the session token. */
export interface GuestSessionRecord {
  id: string;
  package_id: string;
  slot_id: string;
  email: string;
  created_at: string;
  expires_at: string;
  expires_at_ms: number;
}

/**
 * When a challenge stops mattering: its code has expired and its issues have left the window
 * of the hourly cap. Dropped at expiry, it would hand out a fresh five codes every ten
 * minutes. The same for signers and strangers, so pruning reveals nothing either.
 */
export const disposableAt = (c: Pick<OtpChallengeRecord, 'expires_at_ms' | 'issued_at_ms'>) =>
  Math.max(c.expires_at_ms, (c.issued_at_ms.at(-1) ?? 0) + OTP_ISSUE_WINDOW_MS);

const GUEST_TOKEN = /^gs_[A-Za-z0-9_-]{43}$/;
export const challengeId = (email: string, requestId: string) => hashSecret(`otp\u0000${requestId}\u0000${email.toLowerCase()}`);
const codeHash = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest();

/** A signer of an open package may get a code; closed and archived packages take no new sessions. */
function signerFor(services: Services, email: string, requestId: string): PackageSigner | null {
  const pkg = services.records.get<PackageRecord>('package', requestId);
  if (!pkg || pkg.archive_status === 'archived' || (pkg.status !== 'queued' && pkg.status !== 'delivered')) return null;
  return pkg.signers.find((s) => s.email.toLowerCase() === email.toLowerCase()) ?? null;
}

export function requestOtp(services: Services, email: string, requestId: string): void {
  const { records, clock } = services;
  const now = clock.now();
  const id = challengeId(email, requestId);
  const existing = records.get<OtpChallengeRecord>('otp_challenge', id);
  const recent = (existing?.issued_at_ms ?? []).filter((t) => now - t < OTP_ISSUE_WINDOW_MS);
  if (recent.length >= OTP_ISSUES_PER_HOUR) return;
  const signer = signerFor(services, email, requestId);
  const code = signer ? String(randomInt(0, 1_000_000)).padStart(6, '0') : null;
  const salt = randomBytes(16).toString('hex');
  const challenge: OtpChallengeRecord = {
    id,
    code_hash: code ? codeHash(salt, code).toString('hex') : null,
    salt,
    expires_at_ms: now + OTP_TTL_MS,
    attempts: 0,
    locked: false,
    issued_at_ms: [...recent, now],
  };
  if (existing) records.update('otp_challenge', challenge);
  else records.insert('otp_challenge', challenge);
  services.scheduler.dueAt(disposableAt(challenge));
  if (!signer || !code) return;
  try {
    services.otpDelivery({ email: signer.email, requestId, code });
  } catch {
    // The caller's answer must not change, and the error could quote the code: log neither.
    services.logger.warn({ request_id: requestId }, 'otp delivery failed');
  }
}

export function verifyOtp(
  services: Services,
  email: string,
  requestId: string,
  code: string,
): { token: string; session: GuestSessionRecord } {
  const { records, clock } = services;
  const invalid = new ApiError(401, 'OTP_INVALID', 'The code is not valid for this e-mail address and request.');
  const challenge = records.get<OtpChallengeRecord>('otp_challenge', challengeId(email, requestId));
  if (!challenge) throw invalid;
  if (challenge.locked) throw new ApiError(429, 'OTP_LOCKED', `Too many wrong codes (${OTP_MAX_ATTEMPTS}). Request a new code.`);
  const now = clock.now();
  if (now >= challenge.expires_at_ms)
    throw new ApiError(401, 'OTP_EXPIRED', 'The code has expired (codes are valid 10 minutes). Request a new code.');
  // Hashed either way, so a stranger's challenge takes as long to refuse as a signer's.
  const given = codeHash(challenge.salt, code);
  const matches = challenge.code_hash !== null && timingSafeEqual(Buffer.from(challenge.code_hash, 'hex'), given);
  if (!matches) {
    const attempts = challenge.attempts + 1;
    records.update('otp_challenge', { ...challenge, attempts, locked: attempts >= OTP_MAX_ATTEMPTS });
    throw invalid;
  }
  // A code opens one session only.
  records.update('otp_challenge', { ...challenge, code_hash: null });
  const signer = signerFor(services, email, requestId);
  if (!signer) throw invalid;
  const token = `gs_${randomBytes(32).toString('base64url')}`;
  const session = records.insert<GuestSessionRecord>('guest_session', {
    id: hashSecret(token),
    package_id: requestId,
    slot_id: signer.slot_id,
    email: signer.email,
    created_at: clock.iso(now),
    expires_at: clock.iso(now + GUEST_SESSION_TTL_MS),
    expires_at_ms: now + GUEST_SESSION_TTL_MS,
  });
  services.scheduler.dueAt(session.expires_at_ms);
  return { token, session };
}

function presentedToken(req: IncomingMessage): string | null {
  const header = req.headers.authorization;
  if (typeof header === 'string') {
    const m = /^Guest (\S+)$/.exec(header);
    return m ? m[1]! : null;
  }
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === 'guest_session') return value.join('=');
  }
  return null;
}

// Missing, malformed, unknown and expired sessions all answer 401 alike.
export function resolveGuestSession(services: Services, req: IncomingMessage): GuestSessionRecord {
  const token = presentedToken(req);
  const session =
    token && GUEST_TOKEN.test(token) ? services.records.get<GuestSessionRecord>('guest_session', hashSecret(token)) : undefined;
  if (!session || services.clock.now() >= session.expires_at_ms) {
    throw new ApiError(
      401,
      'GUEST_SESSION_REQUIRED',
      'A valid guest session is required: verify the one-time code sent to the recipient.',
    );
  }
  return session;
}
