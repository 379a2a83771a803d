import type { AuthProvider } from 'react-admin';
import { type Access, canAccessResource, type Me, toAccess } from './accessControl';
import { api, ApiError, refreshSession } from './httpClient';
import { type LoginAnswer, session } from './session';

let accessPromise: Promise<Access> | null = null;
let startupRefresh: Promise<boolean> | null = null;

/**
 * The refusal of /auth/me without a session. react-admin asks for permissions on every route but the login page,
 * the public ones too (signup, password reset, an expired company's renewal): there it must not end a session that
 * does not exist by sending the visitor to the login page.
 */
const NOT_SIGNED_IN = new ApiError(401, { error: 'ERR_SESSION_EXPIRED' });

/** GET /auth/me once per session (signed in only); forgotten on login, logout and failures. */
function loadAccess(): Promise<Access> {
  if (!session.token()) return Promise.reject(NOT_SIGNED_IN);
  accessPromise ??= api
    .get<Me>('/auth/me')
    .then(toAccess)
    .catch((error) => {
      accessPromise = null;
      throw error;
    });
  return accessPromise;
}

/** Drops the cached /auth/me answer, e.g. after the user edited their own account. */
export function forgetAccess(): void {
  accessPromise = null;
}

function endSession(): void {
  session.clear();
  forgetAccess();
}

export const authProvider: AuthProvider = {
  async login({ email, password }: { email: string; password: string }) {
    const answer = await api.post<LoginAnswer>('/auth/login', { email, password });
    forgetAccess();
    session.save(answer);
    // The login has just issued both tokens: a startup refresh now would only spend the new refresh token.
    startupRefresh = Promise.resolve(true);
  },

  async logout() {
    if (session.token()) await api.delete('/auth/logout').catch(() => undefined);
    endSession();
  },

  async checkAuth() {
    startupRefresh ??= session.token() ? refreshSession() : Promise.resolve(false);
    await startupRefresh;
    if (!session.token()) throw { message: false };
  },

  async checkError(error: { status?: number }) {
    if (error === NOT_SIGNED_IN) throw { logoutUser: false, message: false };
    if (error?.status === 401) {
      endSession();
      throw error;
    }
  },

  async getIdentity() {
    const { me } = await loadAccess();
    return { id: me.user.id, fullName: me.user.name };
  },

  getPermissions: loadAccess,

  async canAccess({ action, resource, record }) {
    return canAccessResource(await loadAccess(), { action, resource, record });
  },
};
