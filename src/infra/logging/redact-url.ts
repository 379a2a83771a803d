/** Routes whose path carries secrets (the spec's password-reset forms): their segments never reach a log line. */
const SECRET_PATHS = [/^(\/api\/forgetpassword)\/[^?]*/, /^(\/api\/resetpasswords)\/[^?]*/];

/** The request URL as logged: secret path segments replaced, and no query string (it may carry tokens). */
export function redactUrl(url: string | undefined): string {
  const path = (url ?? '').split('?')[0] ?? '';
  for (const pattern of SECRET_PATHS) {
    if (pattern.test(path)) return path.replace(pattern, '$1/[redacted]');
  }
  return path;
}

/** What a request log line keeps: no headers, params or query (they repeat the path's secrets), the URL redacted. */
export function loggedRequest(req: { id?: unknown; method?: string; url?: string }): Record<string, unknown> {
  return { id: req.id, method: req.method, url: redactUrl(req.url) };
}
