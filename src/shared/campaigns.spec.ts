import { campaignEditable, campaignMessagesEditable, keywordOf, parseCampaignSettings, renderCampaignMessage } from './campaigns.js';

describe('campaign rules shared with the browser', () => {
  it('renders {nome}, {numero}, {email} and the campaign variables, leaving unknown braces alone', () => {
    const text = renderCampaignMessage('Oi {nome} ({numero}, {email}) da {loja}: {desconhecida}', { name: 'Ana', number: '5511999990000', email: null }, [
      { key: 'loja', value: 'Loja Centro' },
    ]);
    expect(text).toBe('Oi Ana (5511999990000, ) da Loja Centro: {desconhecida}');
  });

  it('reads stored settings with defaults for what is missing or broken', () => {
    expect(parseCampaignSettings(null)).toMatchObject({ messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, optOutKeywords: ['SAIR', 'PARAR'] });
    const parsed = parseCampaignSettings({ messageInterval: '5', greaterInterval: '-3', variables: '[{"key":"a","value":"b"}]', optOutKeywords: '{broken' });
    expect(parsed).toMatchObject({ messageInterval: 5, greaterInterval: 60, variables: [{ key: 'a', value: 'b' }], optOutKeywords: ['SAIR', 'PARAR'] });
  });

  it('compares opt-out replies without case, accents or final punctuation', () => {
    expect(keywordOf('  sair! ')).toBe('SAIR');
    expect(keywordOf('Não quero.')).toBe('NAO QUERO');
  });

  it('keeps the form editable while inactive or scheduled more than an hour ahead; messages also once cancelled', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(campaignEditable({ status: 'INATIVA', scheduledAt: null }, now)).toBe(true);
    expect(campaignEditable({ status: 'PROGRAMADA', scheduledAt: '2026-11-25T13:30:00Z' }, now)).toBe(true);
    expect(campaignEditable({ status: 'PROGRAMADA', scheduledAt: '2026-11-25T12:30:00Z' }, now)).toBe(false);
    expect(campaignEditable({ status: 'CANCELADA', scheduledAt: null }, now)).toBe(false);
    expect(campaignMessagesEditable({ status: 'CANCELADA', scheduledAt: null }, now)).toBe(true);
    expect(campaignMessagesEditable({ status: 'FINALIZADA', scheduledAt: null }, now)).toBe(false);
  });
});
