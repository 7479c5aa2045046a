/**
 * The guard sends a visitor to sign in with the address they asked for as `returnUrl`
 * (spec 02 §2.2). Only a path inside the back office is honoured: an absolute or
 * protocol-relative address, or a sign-in page, falls back to the back office's home.
 */
export function safeReturnUrl(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  if (raw === '/auth' || raw.startsWith('/auth/') || raw.startsWith('/auth?')) return '/';
  return raw;
}

/** `path` with `returnUrl` carried along, so moving between sign-in pages keeps it. */
export function withReturnUrl(path: string, returnUrl: string | null | undefined): string {
  return returnUrl ? `${path}?${new URLSearchParams({ returnUrl }).toString()}` : path;
}
