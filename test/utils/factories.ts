import { hashPassword } from '../../src/common/password.js';
import { Company } from '../../src/modules/companies/company.entity.js';
import { Plan } from '../../src/modules/plans/plan.entity.js';
import { Queue } from '../../src/modules/queues/queue.entity.js';
import { createDefaultSettings } from '../../src/modules/settings/default-settings.js';
import { User } from '../../src/modules/users/user.entity.js';
import type { Profile } from '../../src/shared/permissions.js';
import { DEFAULT_TIME_ZONE, dayFromToday, dueDay } from '../../src/shared/due-date.js';
import { defaultSchedules } from '../../src/shared/schedules.js';
import type { TestApp } from './test-app.js';

let sequence = 0;
const next = () => `${Date.now().toString(36)}${++sequence}`;

export interface TenantFixture {
  company: Company;
  plan: Plan;
  admin: User;
  user: User;
  queues: Queue[];
  password: string;
}

export const DEFAULT_PASSWORD = 'Secret123!';

/** One company with its plan, an admin, an attendant (profile user) in the first queue, and two queues. */
export async function createTenant(t: TestApp, options: { plan?: Partial<Plan>; company?: Partial<Company> } = {}): Promise<TenantFixture> {
  const em = t.em();
  const id = next();
  const plan = em.create(Plan, { name: `Plano ${id}`, users: 10, connections: 10, queues: 10, value: 10, ...options.plan });
  const dueDate = dayFromToday(30, DEFAULT_TIME_ZONE);
  const company = em.create(Company, { name: `Empresa ${id}`, plan, dueDate, schedules: defaultSchedules(), ...options.company });
  // Due dates are days: the fixture holds what the column keeps, so tests compare it with what they read back.
  if (company.dueDate) company.dueDate = dueDay(company.dueDate);
  if (company.trialExpiration) company.trialExpiration = dueDay(company.trialExpiration);
  createDefaultSettings(em, company);
  const queues = [
    em.create(Queue, { company, name: `Fila A ${id}`, color: '#111111', orderQueue: 1 }),
    em.create(Queue, { company, name: `Fila B ${id}`, color: '#222222', orderQueue: 2 }),
  ];
  const passwordHash = await hashPassword(DEFAULT_PASSWORD);
  const admin = em.create(User, { company, name: `Admin ${id}`, email: `admin-${id}@test.example`, passwordHash, profile: 'admin' });
  const user = em.create(User, { company, name: `User ${id}`, email: `user-${id}@test.example`, passwordHash, profile: 'user' });
  user.queues.set([queues[0]!]);
  await em.flush();
  return { company, plan, admin, user, queues, password: DEFAULT_PASSWORD };
}

export async function createUser(t: TestApp, company: Company, profile: Profile = 'user', extra: Partial<User> = {}): Promise<User> {
  const em = t.em();
  const id = next();
  const user = em.create(User, {
    company: em.getReference(Company, company.id),
    name: `Extra ${id}`,
    email: `extra-${id}@test.example`,
    passwordHash: await hashPassword(DEFAULT_PASSWORD),
    profile,
    ...extra,
  });
  await em.flush();
  return user;
}

export interface Session {
  token: string;
  cookie: string;
  auth: { Authorization: string };
  userId: number;
}

export async function login(t: TestApp, email: string, password = DEFAULT_PASSWORD): Promise<Session> {
  const res = await t.http().post('/api/auth/login').send({ email, password });
  if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
  return { token: res.body.token, cookie, auth: { Authorization: `Bearer ${res.body.token}` }, userId: res.body.user.id };
}

export interface TwoTenants {
  a: TenantFixture;
  b: TenantFixture;
  adminA: Session;
  userA: Session;
  adminB: Session;
}

/** The usual isolation setup: tenant A (admin and user signed in) and tenant B (admin signed in). */
export async function twoTenants(t: TestApp, optionsA: Parameters<typeof createTenant>[1] = {}): Promise<TwoTenants> {
  const a = await createTenant(t, optionsA);
  const b = await createTenant(t);
  const [adminA, userA, adminB] = [await login(t, a.admin.email), await login(t, a.user.email), await login(t, b.admin.email)];
  return { a, b, adminA, userA, adminB };
}
