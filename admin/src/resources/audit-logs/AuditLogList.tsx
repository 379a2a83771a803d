import { type Theme, useMediaQuery } from '@mui/material';
import {
  AutocompleteInput,
  DataTable,
  DateInput,
  DateField,
  InfiniteList,
  NumberInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { AUDIT_ACTIONS, AUDIT_SUBJECTS, type AuditLogResponse } from '../../../../src/shared/audit-api-types';
import { ListEmpty } from '../../components/ListEmpty';
import { PageHeader } from '../../components/PageHeader';
import { useAccess } from '../../hooks/useAccess';
import { AuditChanges } from './AuditChanges';

const PAGE_SIZE = 25;
const ACTION_CHOICES = AUDIT_ACTIONS.map((id) => ({ id, name: `auditLogs.actions.${id}` }));
const SUBJECT_CHOICES = AUDIT_SUBJECTS.map((id) => ({ id, name: `auditLogs.subjects.${id}` }));

function Who() {
  const entry = useRecordContext<AuditLogResponse>();
  const translate = useTranslate();
  if (!entry) return null;
  if (entry.userId === null) return <span>{translate('auditLogs.system')}</span>;
  return <span>{entry.userName ?? translate('auditLogs.deletedUser', { id: entry.userId })}</span>;
}

function Action() {
  const entry = useRecordContext<AuditLogResponse>();
  const translate = useTranslate();
  return entry ? <span data-action={entry.action}>{translate(`auditLogs.actions.${entry.action}`, { _: entry.action })}</span> : null;
}

function Subject() {
  const entry = useRecordContext<AuditLogResponse>();
  const translate = useTranslate();
  if (!entry) return null;
  const type = translate(`auditLogs.subjects.${entry.subjectType}`, { _: entry.subjectType });
  return <span>{entry.subjectId ? `${type} #${entry.subjectId}` : type}</span>;
}

function filtersFor(isSuper: boolean) {
  return [
    <ReferenceInput key="userId" source="userId" reference="users" alwaysOn>
      <AutocompleteInput label="auditLogs.filters.user" optionText="name" sx={{ minWidth: 200 }} />
    </ReferenceInput>,
    <SelectInput key="action" source="action" label="auditLogs.filters.action" choices={ACTION_CHOICES} alwaysOn />,
    <SelectInput key="subjectType" source="subjectType" label="auditLogs.filters.subject" choices={SUBJECT_CHOICES} />,
    <TextInput key="subjectId" source="subjectId" label="auditLogs.filters.subjectId" />,
    <DateInput key="from" source="createdAt_gte" label="auditLogs.filters.from" alwaysOn />,
    <DateInput key="to" source="createdAt_lte" label="auditLogs.filters.to" alwaysOn />,
    ...(isSuper ? [<NumberInput key="companyId" source="companyId" label="auditLogs.filters.company" />] : []),
  ];
}

/**
 * /audit-logs "Auditoria": react-admin's infinite list of who changed what, newest first. Admins see their company's
 * trail; a super user sees every company's (and may narrow it to one). Read-only: entries cannot be edited.
 */
export function AuditLogList() {
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const isSuper = useAccess()?.isSuper ?? false;
  return (
    <>
      <PageHeader title="auditLogs.title" />
      <InfiniteList
        resource="audit-logs"
        title="auditLogs.title"
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={PAGE_SIZE}
        filters={filtersFor(isSuper)}
        disableSyncWithLocation
        actions={false}
        empty={false}
      >
        <DataTable<AuditLogResponse> rowClick={false} bulkActionButtons={false} empty={<ListEmpty message="auditLogs.empty" />}>
          <DataTable.Col source="createdAt" label="auditLogs.columns.when" render={() => <DateField source="createdAt" showTime locales="pt-BR" />} />
          {isSuper && <DataTable.Col source="companyId" label="auditLogs.columns.company" disableSort />}
          <DataTable.Col label="auditLogs.columns.who" disableSort render={() => <Who />} />
          <DataTable.Col label="auditLogs.columns.action" disableSort render={() => <Action />} />
          <DataTable.Col label="auditLogs.columns.subject" disableSort render={() => <Subject />} />
          <DataTable.Col label="auditLogs.columns.changes" disableSort render={() => <AuditChanges />} />
          {wide && <DataTable.Col source="ip" label="auditLogs.columns.ip" disableSort />}
        </DataTable>
      </InfiniteList>
    </>
  );
}
