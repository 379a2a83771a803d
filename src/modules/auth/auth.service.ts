import { Inject, Injectable } from '@nestjs/common';
import { raw } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { AuthContext } from '../../authorization/auth-context.js';
import { companyAccessError } from '../../authorization/auth-context.loader.js';
import { TokenService } from '../../authorization/token.service.js';
import { AppError } from '../../common/errors/app-error.js';
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
import { PasswordReset } from './password-reset.entity.js';
import { type SessionCompany, type SessionUser, toSessionCompany, toSessionUser } from './session.mapper.js';

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

@Injectable()
export class AuthService {
  /** Compared against when the email is unknown, so both paths cost one argon2 verification. */
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly em: EntityManager,
    private readonly tokens: TokenService,
    private readonly realtime: RealtimeService,
    private readonly limiter: RateLimiter,
    private readonly mail: MailPort,
    private readonly settings: SettingsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async login(email: string, password: string, ip: string): Promise<IssuedSession> {
    const limits = this.config.rateLimits;
    await this.limiter.consume([[`login:ip:${ip}`, limits.loginPerIp]]);
    await this.limiter.assertBelow(`login:email:${email}`, limits.loginFailuresPerEmail);

    const user = await this.em.findOne(User, { email }, { ...ACROSS_TENANTS, populate: ['passwordHash', 'company', 'company.plan'] });
    this.dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    const valid = await verifyPassword(user?.passwordHash ?? (await this.dummyHash), password);
    if (!user || !valid) {
      await this.limiter.increment(`login:email:${email}`, limits.loginFailuresPerEmail.windowSeconds);
      throw new AppError('ERR_INVALID_CREDENTIALS', 401);
    }
    const company = user.company.getEntity();
    const blocked = companyAccessError(company, user.super);
    if (blocked) throw blocked;

    // A new login ends every other session of this user.
    user.tokenVersion += 1;
    await this.em.flush();
    this.realtime.toUser(company.id, user.id, 'auth', { action: 'sessionReplaced', user: { id: user.id } });
    return this.issue(user);
  }

  async refresh(refreshToken: string | null): Promise<IssuedSession> {
    if (!refreshToken) throw new AppError('ERR_SESSION_EXPIRED', 401);
    const claims = this.tokens.verifyRefresh(refreshToken);
    const user = await this.em.findOne(User, { id: claims.sub }, { ...ACROSS_TENANTS, populate: ['company', 'company.plan'] });
    if (!user || user.tokenVersion !== claims.tv) throw new AppError('ERR_SESSION_EXPIRED', 401);
    const blocked = companyAccessError(user.company.getEntity(), user.super);
    if (blocked) throw blocked;
    return this.issue(user);
  }

  async logout(ctx: AuthContext): Promise<void> {
    await this.em.nativeUpdate(User, { id: ctx.userId }, { tokenVersion: raw('token_version + 1'), online: false });
    this.realtime.disconnectUser(ctx.userId);
  }

  async me(ctx: AuthContext): Promise<MeResponse> {
    const user = await this.em.findOneOrFail(User, { id: ctx.userId }, { populate: ['queues', 'company', 'company.plan'] });
    const settings = await this.settings.list(ctx);
    const company = toSessionCompany(user.company.getEntity(), settings);
    return {
      user: toSessionUser(user, user.company.getEntity(), settings),
      company,
      settings,
      rules: packPermissionRules(defineRulesFor({ id: user.id, profile: user.profile, super: user.super })),
    };
  }

  /** `{status: 200}` when a mail was sent, `{status: 404}` for an unknown email (rate limited before the lookup). */
  async forgotPassword(email: string, ip: string): Promise<{ status: number; message: string }> {
    const limits = this.config.rateLimits;
    await this.limiter.consume([
      [`reset:ip:${ip}`, limits.resetPerIp],
      [`reset:email:${email}`, limits.resetPerEmail],
    ]);
    const user = await this.em.findOne(User, { email }, ACROSS_TENANTS);
    if (!user) return { status: 404, message: 'Email não encontrado' };
    const token = randomBytes(16).toString('hex');
    this.em.create(PasswordReset, { user, tokenHash: sha256(token), expiresAt: new Date(Date.now() + RESET_TTL_MS) });
    await this.em.flush();
    const link = this.config.publicUrl ? `${this.config.publicUrl}/forgetpsw` : '/forgetpsw';
    await this.mail.send({
      to: user.email,
      subject: 'Redefinição de senha',
      text: `Olá ${user.name},\n\nSeu código para redefinir a senha é: ${token}\nInforme-o em ${link} em até 1 hora.\n\nSe você não pediu a redefinição, ignore este e-mail.`,
    });
    return { status: 200, message: 'Email enviado com sucesso!' };
  }

  async resetPassword(email: string, token: string, newPassword: string, ip: string): Promise<{ status: number; message: string }> {
    const limits = this.config.rateLimits;
    await this.limiter.consume([
      [`reset:ip:${ip}`, limits.resetPerIp],
      [`reset:email:${email}`, limits.resetPerEmail],
    ]);
    if (!PASSWORD_POLICY.test(newPassword)) {
      throw new AppError('ERR_VALIDATION', 400, { fields: [{ field: 'newPassword', messages: ['at least 8 characters with upper case, lower case and a digit'] }] });
    }
    const invalid = new AppError('ERR_INVALID_RESET_TOKEN', 400, {}, 'Invalid or expired reset token');
    const user = await this.em.findOne(User, { email }, ACROSS_TENANTS);
    if (!user) throw invalid;
    const candidates = await this.em.find(PasswordReset, { user, usedAt: null, expiresAt: { $gt: new Date() } }, ACROSS_TENANTS);
    const presented = Buffer.from(sha256(token));
    const match = candidates.find((r) => timingSafeEqual(Buffer.from(r.tokenHash), presented));
    if (!match) throw invalid;
    match.usedAt = new Date();
    user.passwordHash = await hashPassword(newPassword);
    user.tokenVersion += 1;
    await this.em.flush();
    this.realtime.disconnectUser(user.id);
    return { status: 200, message: 'Senha redefinida com sucesso.' };
  }

  private async issue(user: User): Promise<IssuedSession> {
    const company = user.company.getEntity();
    scopeToCompany(this.em, company.id);
    await this.em.populate(user, ['queues']);
    const settings = await this.em.find(Setting, { company: company.id }, { orderBy: { key: 'ASC' } });
    const visible = user.profile === 'admin' ? settings : settings.filter((s) => !SECRET_SETTING_KEYS.includes(s.key));
    const claims = { sub: user.id, companyId: company.id, tv: user.tokenVersion };
    return {
      token: this.tokens.signAccess(claims),
      refreshToken: this.tokens.signRefresh(claims),
      user: toSessionUser(user, company, visible),
    };
  }
}
