import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { AuthContext } from '../../authorization/auth-context.js';
import { companyAccessError } from '../../authorization/auth-context.loader.js';
import { TokenService } from '../../authorization/token.service.js';
import { AppError, appError, fieldError } from '../../common/errors/app-error.js';
import { hashPassword, verifyPassword } from '../../common/password.js';
import { ACROSS_TENANTS, scopeToCompany } from '../../infra/database/tenant-scope.js';
import { MailPort } from '../../infra/mail/mail.port.js';
import { RealtimeService } from '../../infra/realtime/realtime.service.js';
import { RateLimiter } from '../../infra/redis/rate-limiter.js';
import { defineRulesFor, packPermissionRules, type PackedRules } from '../../shared/permissions.js';
import { SECRET_SETTING_KEYS } from '../../shared/settings.js';
import { Setting } from '../settings/setting.entity.js';
import { SettingsService } from '../settings/settings.service.js';
import { User } from '../users/user.entity.js';
import { LoginThrottle } from './login-throttle.js';
import { PasswordReset } from './password-reset.entity.js';
import { RefreshTokensRepository } from './refresh-tokens.repository.js';
import { type SessionCompany, type SessionUser, toSessionCompany, toSessionUser } from './session.mapper.js';
import { AuditTrail } from '../../infra/audit/audit-trail.js';
import { AuthContextCache } from '../../authorization/auth-context.cache.js';

export interface IssuedSession {
  token: string;
  refreshToken: string;
  user: SessionUser;
}

export interface MeResponse {
  user: SessionUser;
  company: SessionCompany;
  settings: Array<{ key: string; value: string }>;
  rules: PackedRules;
}

const RESET_TTL_MS = 60 * 60 * 1000;
const PASSWORD_POLICY = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,100}$/;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** Rate-limit keys name an account however its address was typed. */
const normalEmail = (email: string) => email.trim().toLowerCase();

@Injectable()
export class AuthService {
  private readonly logger = new Logger('AuthService');
  /** Compared against when the email is unknown, so both paths cost one argon2 verification. */
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly em: EntityManager,
    private readonly tokens: TokenService,
    private readonly realtime: RealtimeService,
    private readonly limiter: RateLimiter,
    private readonly mail: MailPort,
    private readonly settings: SettingsService,
    private readonly refreshTokens: RefreshTokensRepository,
    private readonly throttle: LoginThrottle,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditTrail,
    private readonly authContexts: AuthContextCache,
  ) {}

  async login(email: string, password: string, ip: string): Promise<IssuedSession> {
    // Counted before the password is checked, so parallel guesses cannot all slip under the limit.
    await this.throttle.attempt(email, ip, (scope) => this.recordLockout(email, ip, scope));

    // A lookup that fails because the database is down gives the attempt back (503, not a step toward the lockout).
    const user = await this.throttle.lookup(email, ip, () =>
      this.em.findOne(User, { email }, { ...ACROSS_TENANTS, populate: ['passwordHash', 'company', 'company.plan'] }),
    );
    this.dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    const valid = await verifyPassword(user?.passwordHash ?? (await this.dummyHash), password);
    if (!user || !valid) throw appError('ERR_INVALID_CREDENTIALS');
    await this.throttle.succeeded(email, ip);
    const company = user.company.getEntity();
    const blocked = companyAccessError(company, user.super);
    if (blocked) throw this.withBillingToken(blocked, user);

    // A new login ends every other session of this user; of parallel logins only the last one counts.
    user.tokenVersion = await this.refreshTokens.bumpTokenVersion(company.id, user.id);
    await this.authContexts.invalidate({ userId: user.id });
    await this.refreshTokens.prune(company.id, user.id);
    this.realtime.replaceUserSession(company.id, user.id);
    const session = await this.issue(user, randomUUID());
    await this.audit.record({ companyId: company.id, userId: user.id, ip }, { action: 'auth.sign-in', subjectType: 'User', subjectId: user.id });
    return session;
  }

  /** The attempt that locks an account is in its company's trail; an address guessing unknown emails locks nobody's. */
  private async recordLockout(email: string, ip: string, scope: 'account-ip' | 'account'): Promise<void> {
    try {
      const user = await this.em.fork().findOne(User, { email }, { ...ACROSS_TENANTS, fields: ['id', 'company'] });
      if (!user) return;
      await this.audit.record(
        { companyId: user.company.id, userId: user.id, ip },
        { action: 'auth.lockout', subjectType: 'User', subjectId: user.id, changes: { scope: { to: scope } } },
      );
    } catch (error) {
      // The refusal (429) stands whatever happens to its record.
      this.logger.warn(`a lockout not recorded: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /**
   * Refresh tokens are single use. The first presentation rotates it; a second one within a few seconds (two tabs, or
   * a page that navigated away before the new cookie arrived) is served again; a later one means a copy exists
   * elsewhere, and ends the user's session everywhere.
   */
  async refresh(refreshToken: string | null): Promise<IssuedSession> {
    if (!refreshToken) throw appError('ERR_SESSION_EXPIRED');
    const claims = this.tokens.verifyRefresh(refreshToken);
    // The rotation and the new token commit together: a database failure in between (an outage: 503) leaves the
    // presented token unused, so the browser's retry once the database is back is not taken for a stolen copy.
    const { user, outcome, session } = await this.em.transactional(async () => {
      const user = await this.em.findOne(User, { id: claims.sub }, { ...ACROSS_TENANTS, populate: ['company', 'company.plan'] });
      if (!user || user.tokenVersion !== claims.tv || user.company.id !== claims.companyId) throw appError('ERR_SESSION_EXPIRED');
      const outcome = await this.refreshTokens.rotate(user.company.id, user.id, claims.jti);
      if (outcome.kind !== 'rotated' && outcome.kind !== 'raced') return { user, outcome, session: null };
      const blocked = companyAccessError(user.company.getEntity(), user.super);
      if (blocked) throw blocked;
      // A session that lives on by refreshing never logs in again: its spent tokens are dropped here too.
      await this.refreshTokens.prune(user.company.id, user.id);
      return { user, outcome, session: await this.issue(user, outcome.family) };
    });
    if (outcome.kind === 'reused') {
      await this.refreshTokens.revokeFamily(user.company.id, outcome.family);
      await this.endSessions(user.company.id, user.id);
    }
    if (!session) throw appError('ERR_SESSION_EXPIRED');
    return session;
  }

  async logout(ctx: AuthContext): Promise<void> {
    await this.endSessions(ctx.companyId, ctx.userId);
    await this.em.nativeUpdate(User, { id: ctx.userId }, { online: false });
    await this.audit.record(ctx, { action: 'auth.sign-out', subjectType: 'User', subjectId: ctx.userId });
  }

  /** Ends every session of a user: access tokens, refresh tokens and open sockets (password changes, reuse, logout). */
  async endSessions(companyId: number, userId: number): Promise<void> {
    await this.refreshTokens.bumpTokenVersion(companyId, userId);
    await this.authContexts.invalidate({ userId });
    await this.refreshTokens.revokeUser(companyId, userId);
    this.realtime.disconnectUser(userId);
  }

  /** A new session for a user whose sessions were just ended (their own password change): the caller stays in. */
  async openSession(userId: number): Promise<IssuedSession> {
    const user = await this.em.findOneOrFail(User, { id: userId }, { ...ACROSS_TENANTS, populate: ['company', 'company.plan'], refresh: true });
    return this.issue(user, randomUUID());
  }

  async me(ctx: AuthContext): Promise<MeResponse> {
    const user = await this.em.findOneOrFail(User, { id: ctx.userId }, { populate: ['queues', 'company', 'company.plan'] });
    const settings = await this.settings.list(ctx);
    const company = toSessionCompany(user.company.getEntity(), settings);
    return {
      user: toSessionUser(user, user.company.getEntity(), settings),
      company,
      settings,
      rules: packPermissionRules(defineRulesFor({ id: user.id, profile: user.profile, super: user.super, queueIds: ctx.queueIds, allTicket: ctx.allTicket })),
    };
  }

  /**
   * The same answer whether or not the email belongs to someone, so the form cannot tell who has an account. The
   * address is looked up after the answer (as the mail goes out), so both paths do the same work before it.
   */
  async forgotPassword(email: string, ip: string): Promise<{ status: number; message: string }> {
    const limits = this.config.rateLimits;
    // Its own counters: requests for codes, however many, never use up the attempts of a reset that carries one.
    await this.limiter.consume([
      [`forgot:ip:${ip}`, limits.resetPerIp],
      [`forgot:email:${normalEmail(email)}`, limits.resetPerEmail],
    ]);
    void this.sendResetCode(email).catch((error: unknown) =>
      this.logger.error(`reset code not sent: ${error instanceof Error ? error.message : String(error)}`),
    );
    return { status: 200, message: 'Email enviado com sucesso!' };
  }

  /** Records a reset code for the account of `email`, if there is one, and mails it to its owner. */
  private async sendResetCode(email: string): Promise<void> {
    const em = this.em.fork();
    const user = await em.findOne(User, { email }, ACROSS_TENANTS);
    if (!user) return;
    const token = randomBytes(16).toString('hex');
    em.create(PasswordReset, { user, tokenHash: sha256(token), expiresAt: new Date(Date.now() + RESET_TTL_MS) });
    await em.flush();
    const link = this.config.publicUrl ? `${this.config.publicUrl}/forgetpsw` : '/forgetpsw';
    await this.mail.send({
      to: user.email,
      subject: 'Redefinição de senha',
      text: `Olá ${user.name},\n\nSeu código para redefinir a senha é: ${token}\nInforme-o em ${link} em até 1 hora.\n\nSe você não pediu a redefinição, ignore este e-mail.`,
    });
  }

  /**
   * Attempts are counted before the code is checked, per address and per (account, address): bad codes from one
   * place lock that place out of the account, not the owner elsewhere. There is no lock per account alone, which a
   * stranger could trip to block the owner's valid code; guessing a 128-bit code is hopeless anyway.
   */
  async resetPassword(email: string, token: string, newPassword: string, ip: string): Promise<{ status: number; message: string }> {
    const limits = this.config.rateLimits;
    await this.limiter.consume([
      [`reset:ip:${ip}`, limits.resetPerIp],
      [`reset:account-ip:${normalEmail(email)}:${ip}`, limits.resetPerEmail],
    ]);
    if (!PASSWORD_POLICY.test(newPassword)) {
      throw fieldError('newPassword', 'at least 8 characters with upper case, lower case and a digit');
    }
    const invalid = appError('ERR_INVALID_RESET_TOKEN', 'Invalid or expired reset token');
    const user = await this.em.findOne(User, { email }, ACROSS_TENANTS);
    if (!user) throw invalid;
    const candidates = await this.em.find(PasswordReset, { user, usedAt: null, expiresAt: { $gt: new Date() } }, ACROSS_TENANTS);
    const presented = Buffer.from(sha256(token));
    const match = candidates.find((r) => timingSafeEqual(Buffer.from(r.tokenHash), presented));
    if (!match) throw invalid;
    match.usedAt = new Date();
    user.passwordHash = await hashPassword(newPassword);
    await this.em.flush();
    await this.endSessions(user.company.id, user.id);
    await this.throttle.unlock(user.email);
    return { status: 200, message: 'Senha redefinida com sucesso.' };
  }

  /** Clears the login locks of an account, whatever the address (an admin's unlock). */
  unlockLogin(email: string): Promise<number> {
    return this.throttle.unlock(email);
  }

  /**
   * An expired company's admin may still renew: the expiry refusal then carries a billing-only token (invoices,
   * checkout, subscription page, the payment channel) so paying needs no call to support.
   */
  private withBillingToken(blocked: AppError, user: User): AppError {
    if (blocked.code !== 'ERR_SUBSCRIPTION_EXPIRED' || user.profile !== 'admin') return blocked;
    const billingToken = this.tokens.signBilling({ sub: user.id, companyId: user.company.id, tv: user.tokenVersion });
    return appError(blocked.code, blocked.message, { ...blocked.extra, billingToken });
  }

  private async issue(user: User, family: string): Promise<IssuedSession> {
    const company = user.company.getEntity();
    scopeToCompany(this.em, company.id);
    await this.em.populate(user, ['queues']);
    const settings = await this.em.find(Setting, { company: company.id }, { orderBy: { key: 'ASC' } });
    const visible = user.profile === 'admin' ? settings : settings.filter((s) => !SECRET_SETTING_KEYS.includes(s.key));
    const claims = { sub: user.id, companyId: company.id, tv: user.tokenVersion };
    const jti = randomUUID();
    await this.refreshTokens.record(company.id, user.id, jti, family, new Date(Date.now() + this.config.refreshTokenTtlSeconds * 1000));
    return {
      token: this.tokens.signAccess(claims),
      refreshToken: this.tokens.signRefresh({ ...claims, jti, fam: family }),
      user: toSessionUser(user, company, visible),
    };
  }
}
