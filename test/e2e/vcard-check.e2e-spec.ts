import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ChannelManager } from '../../src/channels/channel-manager.js';
import { Company } from '../../src/modules/companies/company.entity.js';
import { Contact } from '../../src/modules/contacts/contact.entity.js';
import { connectedSimulator } from '../utils/channels.js';
import { createTenant, login, type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { connectSocket } from '../utils/sockets.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

/** POST /api/contacts/whatsapp-check: the check a shared contact card runs once it is on screen. */
describe('whatsapp check of a shared contact number', () => {
  let t: TestApp;
  let a: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let adminB: Session;
  let connectionA: number;
  let connectionB: number;

  const check = (session: Session | null, body: Record<string, unknown>) => {
    const req = t.http().post('/api/contacts/whatsapp-check');
    return (session ? req.set(session.auth) : req).send(body);
  };

  /** A contact stored as it is, without the API's own check. */
  async function storedContact(companyId: number, name: string, number: string, isWhatsappValid: boolean | null): Promise<number> {
    const em = t.em();
    const contact = em.create(Contact, { company: em.getReference(Company, companyId), name, number, isWhatsappValid });
    await em.flush();
    return contact.id;
  }

  const storedValidity = async (id: number) => (await t.em().findOneOrFail(Contact, { id }, { filters: false })).isWhatsappValid;

  beforeAll(async () => {
    t = await createTestApp();
    let b: TenantFixture;
    ({ a, b, adminA, userA, adminB } = await twoTenants(t));
    connectionA = (await connectedSimulator(t, a.company.id)).id;
    connectionB = (await connectedSimulator(t, b.company.id)).id;
  });
  afterAll(() => t.close());

  it('answers a number on WhatsApp that is no contact, through the connection asked for', async () => {
    const res = await check(userA, { number: '5511955551234', whatsappId: connectionA });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ number: '5511955551234', exists: true, contact: null });
    // WhatsApp's spelling of a Brazilian mobile (the ninth digit), through any connected connection.
    const ninth = await check(adminA, { number: '551188885678' });
    expect(ninth.body).toEqual({ number: '5511988885678', exists: true, contact: null });
    // Asking creates no contact.
    expect(await t.em().count(Contact, { company: a.company.id }, { filters: false })).toBe(0);
  });

  it('answers false for a number not on WhatsApp, and keeps the answer on the contact with that number', async () => {
    const unknown = await check(adminA, { number: '5511966660000', whatsappId: connectionA });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ number: '5511966660000', exists: false, contact: null });

    const id = await storedContact(a.company.id, 'Sem WhatsApp', '5511977770000', null);
    const socket = await connectSocket(t, adminA.token);
    const told = new Promise<{ action: string; contact: { id: number; isWhatsappValid: boolean | null } }>((resolve) =>
      socket.once(`company-${a.company.id}-contact`, resolve),
    );
    const res = await check(adminA, { number: '5511977770000' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ number: '5511977770000', exists: false, contact: { id, name: 'Sem WhatsApp', isWhatsappValid: false } });
    expect(await storedValidity(id)).toBe(false);
    expect(await told).toMatchObject({ action: 'update', contact: { id, isWhatsappValid: false } });
    socket.disconnect();

    // A contact on WhatsApp, not checked before, keeps true.
    const valid = await storedContact(a.company.id, 'Com WhatsApp', '5511977771111', null);
    expect((await check(adminA, { number: '5511977771111' })).body).toMatchObject({ exists: true, contact: { id: valid, isWhatsappValid: true } });
    expect(await storedValidity(valid)).toBe(true);
  });

  it('answers from the contact when its WhatsApp state is known, without asking WhatsApp', async () => {
    // The simulator would say this number is on WhatsApp: the stored answer is the one given.
    const id = await storedContact(a.company.id, 'Já Conferido', '5511988881234', false);
    const spy = jest.spyOn(t.app.get(ChannelManager), 'checkNumber');
    try {
      const res = await check(userA, { number: '5511988881234', whatsappId: connectionA });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ number: '5511988881234', exists: false, contact: { id, name: 'Já Conferido', isWhatsappValid: false } });
      // The other spelling of the same mobile finds the same contact.
      expect((await check(userA, { number: '551188881234' })).body).toMatchObject({ exists: false, contact: { id } });
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('answers null when no connection of the company can check, and keeps nothing', async () => {
    const c = await createTenant(t);
    const session = await login(t, c.admin.email);
    const id = await storedContact(c.company.id, 'Sem Conexão', '5511933334444', null);
    expect((await check(session, { number: '5511922220000' })).body).toEqual({ number: '5511922220000', exists: null, contact: null });
    expect((await check(session, { number: '5511933334444' })).body).toMatchObject({ exists: null, contact: { id, isWhatsappValid: null } });
    expect(await storedValidity(id)).toBeNull();
  });

  it('refuses bad input with 400', async () => {
    const bad: Array<Record<string, unknown>> = [
      {},
      { number: '' },
      { number: '1234567' },
      { number: '1'.repeat(21) },
      { number: '+55 11 98888-7777' },
      { number: '55119888abcd' },
      { number: 5511988887777 },
      { number: '5511988887777', whatsappId: 'abc' },
      { number: '5511988887777', whatsappId: 0 },
      { number: '5511988887777', whatsappId: 1.5 },
      { number: '5511988887777', extra: true },
    ];
    for (const body of bad) {
      const res = await check(adminA, body);
      expect({ body, status: res.status, error: res.body.error }).toMatchObject({ body, status: 400, error: 'ERR_VALIDATION' });
    }
  });

  it("answers 404 for another company's connection or a missing one", async () => {
    for (const whatsappId of [connectionB, 999_999]) {
      const res = await check(adminA, { number: '5511955551234', whatsappId });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('ERR_NO_WAPP_FOUND');
    }
    // Company B's own connection is fine for company B.
    expect((await check(adminB, { number: '5511955551234', whatsappId: connectionB })).body).toMatchObject({ exists: true, contact: null });
  });

  it('does not show company A’s contact to company B', async () => {
    const id = await storedContact(a.company.id, 'Só da A', '5511944445555', true);
    expect((await check(adminA, { number: '5511944445555' })).body).toMatchObject({ exists: true, contact: { id } });
    expect((await check(adminB, { number: '5511944445555' })).body).toEqual({ number: '5511944445555', exists: true, contact: null });
  });

  it('answers 401 without a session', async () => {
    const res = await check(null, { number: '5511955551234' });
    expect(res.status).toBe(401);
  });
});
