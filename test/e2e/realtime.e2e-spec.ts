import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { User } from '../../src/modules/users/user.entity.js';
import { waitFor } from '../utils/channels.js';
import { createTenant, login, type Session, type TenantFixture } from '../utils/factories.js';
import { connectSocket, openSocket } from '../utils/sockets.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

describe('realtime gateway', () => {
  let t: TestApp;
  let a: TenantFixture;
  let adminA: Session;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createTenant(t);
    adminA = await login(t, a.admin.email);
  });
  afterAll(() => t.close());

  it('refuses a handshake without a valid token with ERR_SESSION_EXPIRED', async () => {
    for (const token of [undefined, 'garbage']) {
      const socket = openSocket(t, token);
      const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
      expect(error.message).toBe('ERR_SESSION_EXPIRED');
      socket.close();
    }
  });

  it('marks the user online on connect and heartbeat, offline after the last socket leaves', async () => {
    const socket = await connectSocket(t, adminA.token);
    const heartbeat = new Promise<{ user: { id: number; online: boolean } }>((resolve) => socket.once(`company-${a.company.id}-user`, resolve));
    socket.emit('userStatus');
    expect((await heartbeat).user).toMatchObject({ id: a.admin.id, online: true });
    socket.close();
    const row = await waitFor(async () => {
      const user = await t.em().fork().findOneOrFail(User, { id: a.admin.id }, { filters: false });
      return user.online ? null : user;
    });
    expect(row.online).toBe(false);
    expect(row.lastSeenAt).toBeInstanceOf(Date);
  });

  it('does not let a socket join a ticket room it cannot open', async () => {
    const socket = await connectSocket(t, adminA.token);
    const answer = await socket.timeout(2000).emitWithAck('joinChatBox', 12345);
    expect(answer).toEqual({ ok: false });
    socket.close();
  });
});
