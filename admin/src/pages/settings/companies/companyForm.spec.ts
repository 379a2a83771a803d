import { describe, expect, it } from '@jest/globals';
import { dueDay, NEW_COMPANY, renewedDueDate, toFormValues, toPayload } from './companyForm';
import type { Company } from './types';

const company: Company = {
  id: 7,
  name: 'Acme',
  email: 'acme@example.com',
  phone: '11999990000',
  status: false,
  dueDate: '2026-01-31T00:00:00.000Z',
  recurrence: 'MENSAL',
  planId: 3,
  plan: { id: 3, name: 'Ouro' },
  schedules: [],
  timezone: 'America/Sao_Paulo',
  createdAt: '2025-01-01T12:00:00.000Z',
  campaignsEnabled: true,
  billingName: 'Acme Ltda',
  addressZipCode: '01000-000',
  addressStreet: 'Rua A, 1',
  addressState: 'SP',
  addressCity: 'São Paulo',
  addressDistrict: null,
};

describe('company form', () => {
  it('reads a company into the form, its due date as the stored UTC day', () => {
    expect(toFormValues(company)).toEqual({
      name: 'Acme',
      email: 'acme@example.com',
      phone: '(11) 99999-0000',
      planId: 3,
      status: 'false',
      campaignsEnabled: 'enabled',
      dueDate: '2026-01-31',
      recurrence: 'MENSAL',
      billingName: 'Acme Ltda',
      addressZipCode: '01000-000',
      addressStreet: 'Rua A, 1',
      addressState: 'SP',
      addressCity: 'São Paulo',
      addressDistrict: '',
    });
    expect(dueDay(null)).toBe('');
  });

  it('sends an empty or invalid due date as null and turns the selects into API values', () => {
    const payload = toPayload({ ...NEW_COMPANY, name: ' Nova ', email: 'n@example.com', planId: 3, dueDate: '2026-02-30', addressCity: ' Recife ' });
    expect(payload).toEqual({
      name: 'Nova',
      email: 'n@example.com',
      phone: null,
      planId: 3,
      status: true,
      campaignsEnabled: 'enabled',
      dueDate: null,
      recurrence: 'MENSAL',
      billingName: null,
      addressZipCode: null,
      addressStreet: null,
      addressState: null,
      addressCity: 'Recife',
      addressDistrict: null,
    });
    expect(toPayload({ ...NEW_COMPANY, dueDate: '2026-03-01' }).dueDate).toBe('2026-03-01');
  });

  it('renews the due date by the recurrence, only when there is one', () => {
    expect(renewedDueDate('2026-01-31', 'MENSAL')).toBe('2026-02-28');
    expect(renewedDueDate('2026-05-10', 'TRIMESTRAL')).toBe('2026-08-10');
    expect(renewedDueDate('2026-05-10', 'ANUAL')).toBe('2027-05-10');
    expect(renewedDueDate('', 'MENSAL')).toBeUndefined();
  });
});
