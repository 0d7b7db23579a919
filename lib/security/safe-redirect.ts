// `?next=` and every other redirect target must stay on this console (DESIGN.md section 5).
// String checks miss what browsers repair: `/%09/evil.example` decodes to "/\t/evil.example",
// which the URL parser (like the browser) turns into "//evil.example". So the target is
// resolved by the URL parser against our own origin, and only a same-origin result, written
// back as a path that cannot be read as protocol-relative, is followed.
export const DEFAULT_LANDING = '/';

export function safeRedirectPath(target: string | null | undefined, origin: string, fallback: string = DEFAULT_LANDING): string {
  if (!target || !target.startsWith('/')) return fallback;
  // Browsers drop tabs and newlines inside URLs and read "\" as "/": refuse rather than guess.
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(target, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base.origin) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "/.//evil.example" resolves to the path "//evil.example", which a browser would follow off-site.
  if (!path.startsWith('/') || path.startsWith('//')) return fallback;
  return path;
}
