import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import { waitFor } from '../utils/channels.js';
import { type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { connectSocket } from '../utils/sockets.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

/** A listener written to the seed app subscribes to `company-{id}-ContactList`: it hears what ours hears. */
describe('live events under the seed names', () => {
  let t: TestApp;
  let a: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let adminB: Session;
  const sockets: Socket[] = [];

  const listen = async (session: Session, names: string[]) => {
    const socket = await connectSocket(t, session.token);
    sockets.push(socket);
    const heard: Array<{ name: string; payload: { action: string; record?: { id: number; name: string } } }> = [];
    for (const name of names) socket.on(name, (payload) => heard.push({ name, payload }));
    return heard;
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, adminA, userA, adminB } = await twoTenants(t));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  it('emits contact list changes as company-{id}-ContactList too, to the same admins only', async () => {
    const names = [`company-${a.company.id}-ContactList`, `company-${a.company.id}-contact-list`];
    const admin = await listen(adminA, names);
    const attendant = await listen(userA, names);
    const otherCompany = await listen(adminB, names);

    const created = await t.http().post('/api/contact-lists').set(adminA.auth).send({ name: 'Ouvintes do seed' });
    expect(created.status).toBe(201);
    await waitFor(() => admin.length === 2);
    expect(admin.map((event) => event.name).sort()).toEqual([...names].sort());
    for (const event of admin) expect(event.payload).toMatchObject({ action: 'create', record: { id: created.body.id, name: 'Ouvintes do seed' } });

    // Bad input emits nothing; another company's id is 404; an attendant may not write lists.
    expect((await t.http().post('/api/contact-lists').set(adminA.auth).send({ name: '' })).status).toBe(400);
    expect((await t.http().put(`/api/contact-lists/${created.body.id}`).set(adminB.auth).send({ name: 'x y' })).status).toBe(404);
    expect((await t.http().post('/api/contact-lists').set(userA.auth).send({ name: 'Proibida' })).status).toBe(403);
    const renamed = await t.http().put(`/api/contact-lists/${created.body.id}`).set(adminA.auth).send({ name: 'Renomeada' });
    expect(renamed.status).toBe(200);
    await waitFor(() => admin.length === 4);
    expect(admin.slice(2).every((event) => event.payload.action === 'update' && event.payload.record?.name === 'Renomeada')).toBe(true);
    expect(attendant).toEqual([]);
    expect(otherCompany).toEqual([]);
  });
});
