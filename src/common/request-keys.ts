/** Where the AuthGuard leaves the caller's context on the request (read by @Auth() and the upload interceptor). */
export const AUTH_CONTEXT_KEY = 'authContext';
