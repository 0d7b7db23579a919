// What the sign-in page says after a provider sign-in was refused (`/sign-in?error=CODE`): by
// code only, so nothing from a URL is ever shown as text.

export const SIGN_IN_ERRORS: Readonly<Record<string, string>> = {
  OIDC_NO_ROLE:
    'Your account at the identity provider is in no group that gives a Signdesk role, so you were not signed in. Ask a Signdesk admin to add you to one of the groups Signdesk maps.',
  ACCOUNT_DISABLED: 'Your Signdesk account is disabled. Ask a Signdesk admin (Admin → Users) to enable it again.',
  OIDC_FLOW_MISSING: 'That sign-in was not started here, ran out or was used already. Start again.',
  OIDC_RESPONSE_INVALID: 'The identity provider’s answer could not be verified, so you were not signed in. Start again.',
  OIDC_PROVIDER_REFUSED: 'The identity provider did not sign you in.',
  OIDC_EMAIL_MISSING: 'The identity provider gave no e-mail address, which Signdesk needs. Ask an administrator.',
  OIDC_EMAIL_IN_USE: 'A Signdesk account with your e-mail address exists already. Ask a Signdesk admin to link it.',
  IDENTITY_PROVIDER_UNAVAILABLE: 'The identity provider could not be reached. Try again in a minute.',
  OIDC_NOT_CONFIGURED: 'Sign-in with an identity provider is not configured here.',
};

/** The message for a code from the URL; a code not listed says nothing. */
export const signInError = (code: string | null | undefined): string | null => (code ? (SIGN_IN_ERRORS[code] ?? null) : null);
