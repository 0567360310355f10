/**
 * The `next` parameter of /auth (`/auth?next=/invitations/accept?token=…`): where to go after
 * signing in or up. Only a path of this site is followed, never another origin: an open
 * redirect would let a phishing link borrow the site's name. Accepted: a single leading `/`
 * followed by anything but `/` or `\` (browsers read `//host` and `/\host` as another host), no
 * control characters, no scheme. Anything else is null and the user goes to their home page.
 */
export function safeNext(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null;
  if (!value.startsWith('/')) return null;
  const second = value[1];
  if (second === '/' || second === '\\') return null;
  // Tabs and line breaks are stripped by URL parsers, so "/\t/evil.example" would become "//evil.example".
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  // Resolved against a placeholder origin, the path must stay on that origin.
  try {
    const base = 'https://placeholder.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return null;
    // /auth itself would loop back to the sign-in form.
    if (url.pathname === '/auth') return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
