import type { EntityManager } from '@mikro-orm/postgresql';
import { hashPassword } from '../../common/password.js';
import { ACROSS_TENANTS } from '../../infra/database/tenant-scope.js';
import { defaultSchedules } from '../../shared/schedules.js';
import { createDefaultSettings } from '../settings/default-settings.js';
import { User } from '../users/user.entity.js';
import { Company } from './company.entity.js';

export interface SuperUserInput {
  email: string;
  password: string;
  name: string;
  companyName: string;
}

/** Creates (or promotes) the platform's super user, with a company of its own when needed. */
export async function createSuperUser(em: EntityManager, input: SuperUserInput): Promise<User> {
  const email = input.email.trim().toLowerCase();
  const existing = await em.findOne(User, { email }, ACROSS_TENANTS);
  if (existing) {
    existing.super = true;
    existing.profile = 'admin';
    existing.passwordHash = await hashPassword(input.password);
    await em.flush();
    return existing;
  }
  const company = em.create(Company, { name: input.companyName, schedules: defaultSchedules() });
  createDefaultSettings(em, company);
  const user = em.create(User, {
    company,
    name: input.name,
    email,
    passwordHash: await hashPassword(input.password),
    profile: 'admin',
    super: true,
  });
  await em.flush();
  return user;
}
