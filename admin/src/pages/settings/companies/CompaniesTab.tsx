import { useState } from 'react';
import { Divider } from '@mui/material';
import { InlineResourceForm } from '../resourceTab/InlineResourceForm';
import { ResourceTabList } from '../resourceTab/ResourceTabList';
import { useFormRecord } from '../resourceTab/useFormRecord';
import { CompanyUserButton, RenewButton } from './CompanyActions';
import { CompanyUsersDialog } from './CompanyUsersDialog';
import { companyColumns, companyRowProps } from './companyColumns';
import { NEW_COMPANY, toFormValues, toPayload } from './companyForm';
import { CompanyInputs } from './CompanyInputs';
import type { Company, CompanyFormValues } from './types';

const nameOf = (company: Company) => company.name;
const BY_NAME = { field: 'name', order: 'ASC' } as const;

/** Empresas (super users): the `companies` resource, every tenant with its plan, status, campaigns switch and due date. */
export function CompaniesTab() {
  const form = useFormRecord<Company>();
  const [usersOf, setUsersOf] = useState<Company>();
  return (
    <>
      <InlineResourceForm<Company, CompanyFormValues>
        key={form.key}
        resource="companies"
        id={form.id}
        empty={NEW_COMPANY}
        toFormValues={toFormValues}
        toPayload={toPayload}
        nameOf={nameOf}
        onDone={form.clear}
        actions={(company) => (
          <>
            <RenewButton />
            <CompanyUserButton onClick={() => setUsersOf(company)} />
          </>
        )}
      >
        <CompanyInputs />
      </InlineResourceForm>
      <Divider sx={{ mt: 3, mb: 1 }} />
      <ResourceTabList<Company> resource="companies" recordName="company" sort={BY_NAME} selectedId={form.id} onSelect={form.pick} rowProps={companyRowProps}>
        {companyColumns}
      </ResourceTabList>
      {/* Outside the company form: a form's submit event would bubble to it through the React tree. */}
      {usersOf && <CompanyUsersDialog company={{ id: usersOf.id, name: usersOf.name }} onClose={() => setUsersOf(undefined)} />}
    </>
  );
}
