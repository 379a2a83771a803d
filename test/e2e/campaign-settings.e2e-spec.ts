import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CampaignSettingsService } from '../../src/modules/campaign-settings/campaign-settings.service.js';
import { CampaignSetting } from '../../src/modules/campaigns/campaign-setting.entity.js';
import { Setting } from '../../src/modules/settings/setting.entity.js';
import { CAMPAIGN_SETTING_DEFAULTS, type CampaignSettings } from '../../src/shared/campaigns.js';
import type { CampaignSettingsEventPayload } from '../../src/shared/realtime-events.js';
import { waitFor } from '../utils/channels.js';
import { createTenant, login, type Session, type TenantFixture, twoTenants } from '../utils/factories.js';
import { connectSocket } from '../utils/sockets.js';
import { createTestApp, type TestApp } from '../utils/test-app.js';

describe('campaign settings', () => {
  let t: TestApp;
  let a: TenantFixture;
  let adminA: Session;
  let userA: Session;
  let adminB: Session;

  const read = (session: Session) => t.http().get('/api/campaign-settings').set(session.auth);
  const save = (session: Session, body: Record<string, unknown>) => t.http().post('/api/campaign-settings').set(session.auth).send(body);
  const addVariable = (session: Session, body: Record<string, unknown>) => t.http().post('/api/campaign-settings/variables').set(session.auth).send(body);
  const refusedFields = async (body: Record<string, unknown>) => {
    const res = await save(adminA, body);
    expect(res.status).toBe(400);
    return (res.body.fields as { field: string }[]).map((f) => f.field);
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ a, adminA, userA, adminB } = await twoTenants(t));
  });
  afterAll(() => t.close());

  it('answers the defaults before anything is saved', async () => {
    const res = await read(adminA);
    expect(res.status).toBe(200);
    // The spec's defaults (campaigns §9) and the anti-ban ones.
    expect(res.body).toEqual({
      messageInterval: 20,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      variables: [],
      dailyCap: 1000,
      quietHoursStart: '',
      quietHoursEnd: '',
      optOutKeywords: ['SAIR', 'PARAR'],
      failurePauseThreshold: 5,
      optOutReply: 'Pronto! Você não receberá mais nossas campanhas.',
      confirmationWindowHours: 24,
    });
  });

  it('saves a partial change, answers the whole settings and tells the company only', async () => {
    const [ownSocket, foreignSocket] = await Promise.all([adminA, adminB].map((s) => connectSocket(t, s.token)));
    const heard: CampaignSettingsEventPayload[] = [];
    const leaked: string[] = [];
    ownSocket.on(`company-${a.company.id}-campaignSettings`, (payload: CampaignSettingsEventPayload) => heard.push(payload));
    foreignSocket.onAny((event: string) => leaked.push(event));

    const res = await save(adminA, {
      messageInterval: 10,
      longerIntervalAfter: '30',
      greaterInterval: 120,
      variables: [{ key: ' empresa ', value: 'Loja Central' }],
      dailyCap: 50,
      quietHoursStart: '22:00',
      quietHoursEnd: '07:30',
      optOutKeywords: [' sair ', 'Sair', 'CANCELAR'],
      failurePauseThreshold: 0,
      optOutReply: 'Ok, removido.',
      confirmationWindowHours: '48',
    });
    expect(res.status).toBe(200);
    const expected: CampaignSettings = {
      messageInterval: 10,
      longerIntervalAfter: 30,
      greaterInterval: 120,
      variables: [{ key: 'empresa', value: 'Loja Central' }],
      dailyCap: 50,
      quietHoursStart: '22:00',
      quietHoursEnd: '07:30',
      optOutKeywords: ['sair', 'CANCELAR'],
      failurePauseThreshold: 0,
      optOutReply: 'Ok, removido.',
      confirmationWindowHours: 48,
    };
    expect(res.body).toEqual(expected);
    expect((await read(adminA)).body).toEqual(expected);
    await waitFor(() => heard.length === 1);
    expect(heard[0]).toEqual({ action: 'update', settings: expected });

    // A subset leaves the rest alone; empty quiet hours mean none.
    const partial = await save(adminA, { messageInterval: 0, quietHoursStart: '', quietHoursEnd: '' });
    expect(partial.body).toEqual({ ...expected, messageInterval: 0, quietHoursStart: '', quietHoursEnd: '' });
    await waitFor(() => heard.length === 2);
    expect(leaked).toEqual([]);
    ownSocket.close();
    foreignSocket.close();

    // The other company still has the defaults; the dispatcher's read is per company too.
    expect((await read(adminB)).body).toEqual(CAMPAIGN_SETTING_DEFAULTS);
    const service = t.app.get(CampaignSettingsService);
    expect((await service.read(a.company.id)).messageInterval).toBe(0);
    expect(await service.read(0)).toEqual(CAMPAIGN_SETTING_DEFAULTS);
  });

  it('refuses values outside the option lists and the anti-ban limits', async () => {
    expect(await refusedFields({ messageInterval: 7 })).toEqual(['messageInterval']);
    expect(await refusedFields({ messageInterval: 30 })).toEqual(['messageInterval']);
    expect(await refusedFields({ longerIntervalAfter: 2, greaterInterval: 121 })).toEqual(['longerIntervalAfter', 'greaterInterval']);
    expect(await refusedFields({ dailyCap: 100001 })).toEqual(['dailyCap']);
    expect(await refusedFields({ dailyCap: -1 })).toEqual(['dailyCap']);
    expect(await refusedFields({ confirmationWindowHours: 0, optOutReply: 'x'.repeat(501) })).toEqual(['optOutReply', 'confirmationWindowHours']);
    expect(await refusedFields({ dailyCap: 1.5 })).toEqual(['dailyCap']);
    expect(await refusedFields({ quietHoursStart: '24:00' })).toEqual(['quietHoursStart']);
    expect(await refusedFields({ quietHoursEnd: '7:30' })).toEqual(['quietHoursEnd']);
    expect(await refusedFields({ quietHoursStart: '22:00', quietHoursEnd: '' })).toEqual(['quietHoursEnd']);
    expect(await refusedFields({ quietHoursStart: '22:00', quietHoursEnd: '22:00' })).toEqual(['quietHoursEnd']);
    expect(await refusedFields({ optOutKeywords: [] })).toEqual(['optOutKeywords']);
    expect(await refusedFields({ optOutKeywords: ['x'.repeat(31)] })).toEqual(['optOutKeywords']);
    expect(await refusedFields({ optOutKeywords: ['  '] })).toEqual(['optOutKeywords']);
    expect(await refusedFields({ optOutKeywords: Array.from({ length: 21 }, (_, i) => `k${i}`) })).toEqual(['optOutKeywords']);
    expect(await refusedFields({ failurePauseThreshold: 21 })).toEqual(['failurePauseThreshold']);
    expect(await refusedFields({ variables: [{ key: 'com espaço', value: 'x' }] })).toEqual(['variables.0.key']);
    expect(await refusedFields({ variables: [{ key: 'x'.repeat(41), value: 'x' }] })).toEqual(['variables.0.key']);
    expect(await refusedFields({ variables: [{ key: 'nome', value: 'x' }] })).toEqual(['variables.0.key']);
    expect(await refusedFields({ variables: [{ key: 'Email', value: 'x' }] })).toEqual(['variables.0.key']);
    expect(
      await refusedFields({
        variables: [
          { key: 'loja', value: 'a' },
          { key: 'loja', value: 'b' },
        ],
      }),
    ).toEqual(['variables.1.key']);
    expect(await refusedFields({ variables: 'loja' })).toEqual(['variables']);
    expect(await refusedFields({ unknown: 1 })).toEqual(['unknown']);
    // Nothing of it was saved.
    expect((await read(adminA)).body.messageInterval).toBe(0);
  });

  it('adds a variable through the shortcut, and ignores a key that exists', async () => {
    const added = await addVariable(adminA, { key: 'cupom_1', value: 'BEMVINDO10' });
    expect(added.status).toBe(200);
    expect(added.body.variables).toEqual([
      { key: 'empresa', value: 'Loja Central' },
      { key: 'cupom_1', value: 'BEMVINDO10' },
    ]);
    const again = await addVariable(adminA, { key: 'cupom_1', value: 'OUTRO' });
    expect(again.status).toBe(200);
    expect(again.body.variables).toEqual(added.body.variables);
    expect((await addVariable(adminA, { key: 'nome', value: 'x' })).status).toBe(400);
    expect((await addVariable(adminA, { key: 'a b', value: 'x' })).status).toBe(400);
    expect((await addVariable(adminA, { key: 'ok' })).status).toBe(400);
    expect((await addVariable(adminB, { key: 'cupom_1', value: 'B' })).body.variables).toEqual([{ key: 'cupom_1', value: 'B' }]);

    // Concurrent shortcut adds never lose one another.
    await Promise.all(['v1', 'v2', 'v3', 'v4'].map((key) => addVariable(adminA, { key, value: key }).expect(200)));
    const keys = (await read(adminA)).body.variables.map((v: { key: string }) => v.key) as string[];
    expect(keys.slice(0, 2)).toEqual(['empresa', 'cupom_1']);
    expect(keys.slice(2).sort()).toEqual(['v1', 'v2', 'v3', 'v4']);
  });

  it('reads a stored value that does not parse as its default', async () => {
    const em = t.em();
    const row = await em.findOneOrFail(CampaignSetting, { company: a.company.id, key: 'dailyCap' }, { filters: false });
    row.value = 'muito';
    await em.flush();
    expect((await read(adminA)).body.dailyCap).toBe(CAMPAIGN_SETTING_DEFAULTS.dailyCap);
  });

  it('is for admins of a company with campaigns on', async () => {
    expect((await read(userA)).status).toBe(403);
    expect((await save(userA, { messageInterval: 5 })).status).toBe(403);
    expect((await addVariable(userA, { key: 'x', value: 'y' })).status).toBe(403);

    const noPlan = await createTenant(t, { plan: { useCampaigns: false } });
    const noPlanAdmin = await login(t, noPlan.admin.email);
    expect((await read(noPlanAdmin)).status).toBe(403);
    expect((await save(noPlanAdmin, { messageInterval: 5 })).status).toBe(403);

    const off = await createTenant(t);
    const em = t.em();
    const setting = await em.findOneOrFail(Setting, { company: off.company.id, key: 'campaignsEnabled' }, { filters: false });
    setting.value = 'false';
    await em.flush();
    const offAdmin = await login(t, off.admin.email);
    expect((await read(offAdmin)).status).toBe(403);
    expect((await addVariable(offAdmin, { key: 'x', value: 'y' })).status).toBe(403);
  });
});
