import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { connectSocket } from '../utils/sockets.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

describe('settings', () => {
  let t: TestApp;
  let a: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let adminB: Session;

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, adminA, userA, adminB } = await twoTenants(t));
  });
  afterAll(() => t.close());

  it('starts every company with the default settings', async () => {
    const res = await t.http().get('/api/settings').set(adminA.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      expect.arrayContaining([
        { key: 'userRating', value: 'disabled' },
        { key: 'scheduleType', value: 'disabled' },
        { key: 'CheckMsgIsGroup', value: 'enabled' },
        { key: 'call', value: 'enabled' },
        { key: 'chatBotType', value: 'text' },
        { key: 'sendGreetingAccepted', value: 'disabled' },
        { key: 'sendMsgTransfTicket', value: 'disabled' },
        { key: 'sendGreetingMessageOneQueues', value: 'disabled' },
      ]),
    );
  });

  it('updates a setting for its company only and emits company-{id}-settings', async () => {
    const socket = await connectSocket(t, adminA.token);
    const event = new Promise((resolve) => socket.once(`company-${a.company.id}-settings`, resolve));
    const res = await t.http().put('/api/settings/scheduleType').set(adminA.auth).send({ key: 'scheduleType', value: 'company' });
    expect(res.status).toBe(200);
    expect(await event).toEqual({ action: 'update', setting: { key: 'scheduleType', value: 'company' } });
    socket.close();
    const other = await t.http().get('/api/settings').set(adminB.auth);
    expect(other.body).toEqual(expect.arrayContaining([{ key: 'scheduleType', value: 'disabled' }]));
  });

  it('validates keys and values', async () => {
    const badValue = await t.http().put('/api/settings/userRating').set(adminA.auth).send({ value: 'maybe' });
    expect(badValue.status).toBe(400);
    expect(badValue.body.error).toBe('ERR_VALIDATION');
    const unknown = await t.http().put('/api/settings/doesNotExist').set(adminA.auth).send({ value: 'x' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('ERR_NO_SETTING_FOUND');
    const noBody = await t.http().put('/api/settings/userRating').set(adminA.auth).send({});
    expect(noBody.status).toBe(400);
  });

  it('keeps integration secrets to admins and refuses writes from profile user', async () => {
    expect((await t.http().put('/api/settings/asaas').set(adminA.auth).send({ value: 'secret-token' })).status).toBe(200);
    const asUser = await t.http().get('/api/settings').set(userA.auth);
    expect(asUser.body.find((s: { key: string }) => s.key === 'asaas')).toBeUndefined();
    const asAdmin = await t.http().get('/api/settings').set(adminA.auth);
    expect(asAdmin.body).toEqual(expect.arrayContaining([{ key: 'asaas', value: 'secret-token' }]));
    const write = await t.http().put('/api/settings/userRating').set(userA.auth).send({ value: 'enabled' });
    expect(write.status).toBe(403);
  });
});
