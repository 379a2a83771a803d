import { Inject, Injectable } from '@nestjs/common';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { notFound } from '../../common/errors/app-error.js';
import { hashPassword } from '../../common/password.js';
import { ACROSS_TENANTS } from '../../infra/database/tenant-scope.js';
import { RateLimiter } from '../../infra/redis/rate-limiter.js';
import { Plan } from '../plans/plan.entity.js';
import { User } from '../users/user.entity.js';
import { MailPort } from '../../infra/mail/mail.port.js';
import { createCompanyWithDefaults } from './create-company.js';
import type { SignupDto } from './dto/signup.dto.js';
import { DEFAULT_TIME_ZONE, dayFromToday } from '../../shared/due-date.js';
import { AuditTrail } from '../../infra/audit/audit-trail.js';

const TRIAL_DAYS = 3;

/** One answer whether the company was created or the email already had an account: the form reveals no account. */
export interface SignupResponse {
  message: string;
}
const RECEIVED: SignupResponse = { message: 'Cadastro recebido. Faça seu login.' };

/** Self-registration (server-behaviour §1): the trial terms are the server's, whatever the form sent. */
@Injectable()
export class SignupService {
  constructor(
    private readonly em: EntityManager,
    private readonly limiter: RateLimiter,
    private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditTrail,
  ) {}

  async signup(dto: SignupDto, ip: string): Promise<SignupResponse> {
    await this.limiter.consume([[`signup:ip:${ip}`, this.config.rateLimits.signupPerIp]]);
    const plan = await this.em.findOne(Plan, { id: dto.planId });
    if (!plan) throw notFound('ERR_NO_PLAN_FOUND');
    // Hashed on both paths, so the time taken tells nothing either.
    const passwordHash = await hashPassword(dto.password);
    // The trial's last day: three days after today in the zone a new company starts with.
    const trialEnd = dayFromToday(TRIAL_DAYS, DEFAULT_TIME_ZONE);
    try {
      await this.em.transactional(async (tx) => {
        const created = createCompanyWithDefaults(tx, {
          name: dto.name,
          email: dto.email,
          phone: dto.phone ?? null,
          plan,
          status: true,
          dueDate: trialEnd,
          trialExpiration: trialEnd,
          recurrence: 'MENSAL',
          campaignsEnabled: 'true',
        });
        const owner = tx.create(User, { company: created, name: dto.name, email: dto.email, passwordHash, profile: 'admin' });
        await tx.flush();
        // Signed up from the public form: the new owner is the actor, at the form's address.
        await this.audit.within(
          tx,
          { companyId: created.id, userId: owner.id, ip },
          {
            action: 'company.create',
            subjectType: 'Company',
            subjectId: created.id,
            changes: {
              name: { to: created.name },
              email: { to: created.email },
              plan: { to: plan.id },
              dueDate: { to: trialEnd.toISOString() },
              signup: { to: true },
            },
          },
        );
      });
    } catch (error) {
      // Login is by email alone, so the address is unique in every company. A taken one did the same work, rolled
      // back, so the answer and its time are the same; the owner is told by mail, not the form.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      void this.tellOwner(dto.email).catch(() => undefined);
    }
    return RECEIVED;
  }

  private async tellOwner(email: string): Promise<void> {
    const owner = await this.em.fork().findOne(User, { email }, ACROSS_TENANTS);
    if (!owner) return;
    await this.mail.send({
      to: owner.email,
      subject: 'Tentativa de cadastro com o seu email',
      text: `Olá ${owner.name},\n\nAlguém tentou cadastrar uma nova empresa com este email, que já tem uma conta. Se foi você, entre com a sua senha ou use "Esqueci minha senha".\n\nSe não foi você, ignore este email.`,
    });
  }
}
