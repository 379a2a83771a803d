import type { Request, Response } from 'express';

/**
 * What the users module needs from the sessions the auth module keeps. Users declares it and auth implements it
 * (`USER_SESSIONS`), so the two never import each other: auth reads users to log them in, users end their sessions.
 */
export interface UserSessions {
  /** Ends every session of a user: access tokens, refresh tokens and open sockets. */
  end(companyId: number, userId: number): Promise<void>;
  /** A new session for the caller whose sessions just ended (their own password change), in the refresh cookie. */
  continue(userId: number, req: Request, res: Response): Promise<void>;
  /** Clears the failed-login locks of an account, whatever the address; answers how many counters it cleared. */
  unlockLogin(email: string): Promise<number>;
}

export const USER_SESSIONS = Symbol('USER_SESSIONS');
