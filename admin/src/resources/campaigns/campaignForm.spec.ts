import { describe, expect, it } from '@jest/globals';
import { NEW_CAMPAIGN, toApiDateTime, toLocalInput, toPayload } from './campaignForm';

describe('campaign form helpers', () => {
  it('sends the scheduled time as YYYY-MM-DD HH:mm:ss, and none when empty or broken', () => {
    expect(toApiDateTime('2026-12-01T09:05')).toBe('2026-12-01 09:05:00');
    expect(toApiDateTime('')).toBeNull();
    expect(toApiDateTime(null)).toBeNull();
    expect(toApiDateTime('01/12/2026')).toBeNull();
  });

  it('shows an API instant in the local input format and round-trips it', () => {
    const local = toLocalInput(new Date(2026, 11, 1, 9, 5).toISOString());
    expect(local).toBe('2026-12-01T09:05');
    expect(toApiDateTime(local)).toBe('2026-12-01 09:05:00');
    expect(toLocalInput(null)).toBe('');
  });

  it('sends the contact list or the tag, never both', () => {
    const values = { ...NEW_CAMPAIGN, name: ' Black Friday ', contactListId: 3, tagListId: 7 };
    expect(toPayload(values)).toMatchObject({ name: 'Black Friday', contactListId: 3, tagListId: null, scheduledAt: null });
    expect(toPayload({ ...values, audience: 'tag' })).toMatchObject({ contactListId: null, tagListId: 7 });
  });

  it('sends the templates chosen, leaving out a variant whose picker was left empty', () => {
    const templates = [
      { variant: 1, templateId: 4, variables: ['{nome}'] },
      { variant: 2, templateId: 0, variables: [] },
    ];
    expect(toPayload({ ...NEW_CAMPAIGN, name: 'x', templates }).templates).toEqual([{ variant: 1, templateId: 4, variables: ['{nome}'] }]);
  });
});
