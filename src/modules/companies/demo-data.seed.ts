import { Campaign } from '../campaigns/campaign.entity.js';
import { ContactListItem } from '../contact-lists/contact-list-item.entity.js';
import { ContactList } from '../contact-lists/contact-list.entity.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { hashPassword } from '../../common/password.js';
import { ACROSS_TENANTS } from '../../infra/database/tenant-scope.js';
import { defaultSchedules } from '../../shared/schedules.js';
import { ChannelAuthKey } from '../connections/channel-auth-key.entity.js';
import { Whatsapp } from '../connections/whatsapp.entity.js';
import { Plan } from '../plans/plan.entity.js';
import { Invoice } from '../invoices/invoice.entity.js';
import { addMonths } from '../../shared/recurrence.js';
import { Queue } from '../queues/queue.entity.js';
import { createDefaultSettings } from '../settings/default-settings.js';
import { User } from '../users/user.entity.js';
import { Company } from './company.entity.js';
import { DEFAULT_TIME_ZONE, dayFromToday } from '../../shared/due-date.js';
import { CLOUD_PROVIDER } from '../../channels/cloud-api/cloud-provider.js';
import {
  FAKE_ACCESS_TOKEN,
  FAKE_APP_SECRET,
  FAKE_BUSINESS_ACCOUNT_ID,
  FAKE_PHONE_NUMBER,
  FAKE_PHONE_NUMBER_ID,
} from '../../channels/cloud-api/fake-graph-fixtures.js';

export const DEMO_ACCOUNTS = {
  super: { email: 'super@example.com', password: 'Super123!' },
  admin: { email: 'admin@example.com', password: 'Admin123!' },
  attendant: { email: 'atendente@example.com', password: 'Atendente123!' },
} as const;

/** The demo's WhatsApp Cloud API connection, on the local Graph API fake that `npm start` runs beside it. */
export const DEMO_CLOUD_CONNECTION = 'WhatsApp Cloud (demo)';

export interface DemoSeedOptions {
  /** With the fake running: also the Cloud API connection, its secrets sealed with this (SecretBox, cloud-api). */
  cloud?: { seal(secret: string): string; verifyToken: string };
}

/** Seeds the demo company only into an empty database; returns whether it did. */
export async function seedDemoData(em: EntityManager, options: DemoSeedOptions = {}): Promise<boolean> {
  if ((await em.count(Company, {})) > 0) return false;
  // Due in twelve days: the invoice run issues its open invoice at boot, so the checkout can be tried at once (with
  // the sandbox provider and `npm run pay`); the previous period's invoice is paid.
  const dueDate = dayFromToday(12, DEFAULT_TIME_ZONE);

  const plan = em.create(Plan, { name: 'Plano Demo', users: 10, connections: 10, queues: 10, value: 49.9 });
  const company = em.create(Company, {
    name: 'Empresa Demo',
    email: 'contato@empresa-demo.example',
    phone: '11999999999',
    plan,
    dueDate,
    schedules: defaultSchedules(),
  });
  createDefaultSettings(em, company);
  const comercial = em.create(Queue, {
    company,
    name: 'Comercial',
    color: '#2E7D32',
    orderQueue: 1,
    greetingMessage: '{{ms}}, {{name}}! Você está no Comercial. Em que podemos ajudar?',
    schedules: defaultSchedules(),
  });
  const suporte = em.create(Queue, {
    company,
    name: 'Suporte',
    color: '#1565C0',
    orderQueue: 2,
    greetingMessage: '{{ms}}, {{name}}! Você está no Suporte. Conte-nos o que aconteceu.',
    schedules: defaultSchedules(),
  });
  const [superHash, adminHash, attendantHash] = await Promise.all([
    hashPassword(DEMO_ACCOUNTS.super.password),
    hashPassword(DEMO_ACCOUNTS.admin.password),
    hashPassword(DEMO_ACCOUNTS.attendant.password),
  ]);
  em.create(User, { company, name: 'Super', email: DEMO_ACCOUNTS.super.email, passwordHash: superHash, profile: 'admin', super: true });
  const admin = em.create(User, {
    company,
    name: 'Administrador',
    email: DEMO_ACCOUNTS.admin.email,
    passwordHash: adminHash,
    profile: 'admin',
    allTicket: 'enabled',
  });
  const attendant = em.create(User, { company, name: 'Atendente', email: DEMO_ACCOUNTS.attendant.email, passwordHash: attendantHash, profile: 'user' });
  admin.queues.set([comercial, suporte]);
  attendant.queues.set([comercial, suporte]);
  // A simulated phone, already linked, so a newcomer can chat at once (`npm run simulate`).
  const connection = em.create(Whatsapp, {
    company,
    name: 'WhatsApp Demo',
    provider: 'simulator',
    status: 'CONNECTED',
    isDefault: true,
    greetingMessage: '{{ms}}, {{name}}! Bem-vindo à Empresa Demo. Escolha um setor:',
    complationMessage: 'Atendimento encerrado. Obrigado pelo contato!',
    ratingMessage: 'Como você avalia nosso atendimento?',
  });
  connection.queues.set([comercial, suporte]);
  em.create(ChannelAuthKey, { company, whatsapp: connection, type: 'creds', keyId: 'creds', value: '{"simulator":true}' });
  if (options.cloud) {
    // Beside it, the official API's kind on the fake's credentials: it connects by reading the fake's number.
    const cloud = em.create(Whatsapp, {
      company,
      name: DEMO_CLOUD_CONNECTION,
      provider: CLOUD_PROVIDER,
      status: 'CONNECTED',
      isDefault: false,
      // What it reads from the fake when started (a connected stateless connection is not started again at boot).
      phoneNumber: FAKE_PHONE_NUMBER.display_phone_number,
      greetingMessage: '{{ms}}, {{name}}! Bem-vindo à Empresa Demo (WhatsApp oficial). Escolha um setor:',
      complationMessage: 'Atendimento encerrado. Obrigado pelo contato!',
      cloudPhoneNumberId: FAKE_PHONE_NUMBER_ID,
      cloudBusinessAccountId: FAKE_BUSINESS_ACCOUNT_ID,
      cloudAccessToken: options.cloud.seal(FAKE_ACCESS_TOKEN),
      cloudAccessTokenHint: FAKE_ACCESS_TOKEN.slice(-4),
      cloudAppSecret: options.cloud.seal(FAKE_APP_SECRET),
      cloudVerifyToken: options.cloud.verifyToken,
    });
    cloud.queues.set([comercial, suporte]);
  }
  // A contact list and a draft campaign to try the campaigns area (numbers ending in 0000 are "not on WhatsApp").
  const list = em.create(ContactList, { company, name: 'Clientes VIP' });
  for (const [name, number, email] of [
    ['Ana Souza', '5511987650001', 'ana@example.com'],
    ['Bruno Lima', '5511987650002', 'bruno@example.com'],
    ['Carla Dias', '5511987650003', null],
    ['Diego Alves', '5511987650000', null],
  ] as const) {
    em.create(ContactListItem, { company, contactList: list, name, number, email, isWhatsappValid: !number.endsWith('0000') });
  }
  em.create(Campaign, {
    company,
    name: 'Boas-vindas VIP',
    message1: 'Olá {nome}! Temos uma condição especial para você esta semana.',
    message2: '{nome}, separamos uma oferta exclusiva para clientes VIP.',
    contactList: list,
    whatsapp: connection,
  });
  const previous = addMonths(dueDate, -1);
  em.create(Invoice, {
    company,
    dueDate: previous,
    value: 49.9,
    detail: 'Plano Demo',
    status: 'paid',
    paidAt: new Date(previous.getTime() - 2 * 24 * 3600 * 1000),
  });
  await em.flush();
  return true;
}

/** The demo's Cloud API connection, when the demo company has it (the fake's webhooks go to it). */
export async function demoCloudConnectionId(em: EntityManager): Promise<number | null> {
  const found = await em.findOne(
    Whatsapp,
    { name: DEMO_CLOUD_CONNECTION, provider: CLOUD_PROVIDER, cloudPhoneNumberId: FAKE_PHONE_NUMBER_ID },
    { ...ACROSS_TENANTS, fields: ['id'] },
  );
  return found?.id ?? null;
}

/** True when no user exists yet (used to warn production installs without a super user). */
export async function hasNoUsers(em: EntityManager): Promise<boolean> {
  return (await em.count(User, {}, ACROSS_TENANTS)) === 0;
}

/** The demo accounts still present (the start prints them; a changed password is not checked). */
export async function demoAccountsPresent(em: EntityManager): Promise<{ role: keyof typeof DEMO_ACCOUNTS; email: string; password: string }[]> {
  const roles = Object.keys(DEMO_ACCOUNTS) as (keyof typeof DEMO_ACCOUNTS)[];
  const users = await em.find(User, { email: { $in: roles.map((role) => DEMO_ACCOUNTS[role].email) } }, { ...ACROSS_TENANTS, fields: ['email'] });
  const present = new Set(users.map((user) => user.email));
  return roles.filter((role) => present.has(DEMO_ACCOUNTS[role].email)).map((role) => ({ role, ...DEMO_ACCOUNTS[role] }));
}
