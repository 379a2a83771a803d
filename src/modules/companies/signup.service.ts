import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AppError, notFound } from '../../common/errors/app-error.js';
import { hashPassword } from '../../common/password.js';
import { ACROSS_TENANTS } from '../../infra/database/tenant-scope.js';
import { RateLimiter } from '../../infra/redis/rate-limiter.js';
import { Plan } from '../plans/plan.entity.js';
import { User } from '../users/user.entity.js';
import { type SignupResponse, toSignupResponse } from './company.mapper.js';
import { createCompanyWithDefaults } from './create-company.js';
import type { SignupDto } from './dto/signup.dto.js';

const TRIAL_MS = 3 * 24 * 60 * 60 * 1000;

/** Self-registration (server-behaviour §1): the trial terms are the server's, whatever the form sent. */
@Injectable()
export class SignupService {
  constructor(
    private readonly em: EntityManager,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async signup(dto: SignupDto, ip: string): Promise<SignupResponse> {
    await this.limiter.consume([[`signup:ip:${ip}`, this.config.rateLimits.signupPerIp]]);
    const plan = await this.em.findOne(Plan, { id: dto.planId });
    if (!plan) throw notFound('ERR_NO_PLAN_FOUND');
    // Login is by email alone, so the address must be free in every company; no tenant is known yet.
    if ((await this.em.count(User, { email: dto.email }, ACROSS_TENANTS)) > 0) {
      throw new AppError('ERR_DUPLICATED_EMAIL', 409, {}, 'A user with this email already exists');
    }
    const passwordHash = await hashPassword(dto.password);

    const company = await this.em.transactional(async (tx) => {
      const created = createCompanyWithDefaults(tx, {
        name: dto.name,
        email: dto.email,
        phone: dto.phone ?? null,
        plan,
        status: true,
        dueDate: new Date(Date.now() + TRIAL_MS),
        recurrence: 'MENSAL',
        campaignsEnabled: 'true',
      });
      tx.create(User, { company: created, name: dto.name, email: dto.email, passwordHash, profile: 'admin' });
      return created;
    });
    return toSignupResponse(company);
  }
}
