import { useState } from 'react';
import { RecordManager } from '../records/RecordManager';
import { useRecordList } from '../../../hooks/useRecordList';
import { CompanyUserButton, RenewButton } from './CompanyActions';
import { CompanyUsersDialog } from './CompanyUsersDialog';
import { COMPANY_COLUMNS, companyRowProps } from './companyColumns';
import { NEW_COMPANY, toFormValues, toPayload } from './companyForm';
import { CompanyInputs } from './CompanyInputs';
import type { Company, CompanyFormValues } from './types';

const nameOf = (company: Company) => company.name;

/** Empresas (super users): every tenant, with its plan, status, campaigns switch and due date. */
export function CompaniesTab() {
  const companies = useRecordList<Company>('/companies/list');
  const plans = useRecordList<{ id: number; name: string }>('/plans/all');
  const [userFor, setUserFor] = useState<Company>();
  return (
    <>
      <RecordManager<Company, CompanyFormValues>
        resource="companies"
        recordName="company"
        path="/companies"
        list={companies}
        empty={NEW_COMPANY}
        toFormValues={toFormValues}
        toPayload={toPayload}
        columns={COMPANY_COLUMNS}
        nameOf={nameOf}
        rowProps={companyRowProps}
        renderInputs={(editing) => <CompanyInputs editing={editing} plans={plans.records} />}
        renderActions={(editing) => (
          <>
            <RenewButton />
            <CompanyUserButton onClick={() => setUserFor(editing)} />
          </>
        )}
      />
      {/* Outside the company form: a form's submit event would bubble to it through the React tree. */}
      {userFor && <CompanyUsersDialog company={{ id: userFor.id, name: userFor.name }} onClose={() => setUserFor(undefined)} />}
    </>
  );
}
