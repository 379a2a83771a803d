import { Chip, Typography } from '@mui/material';
import { DataTable, List, SearchInput, SelectInput, TopToolbar, useGetList, useRecordContext, useTranslate } from 'react-admin';
import { ListEmpty } from '../../components/ListEmpty';
import { PageHeader } from '../../components/PageHeader';
import { SyncTemplatesButton } from './SyncTemplatesButton';
import { type MessageTemplate, TEMPLATE_STATUSES, type TemplateConnection } from './types';

const SEARCH_DEBOUNCE_MS = 500;
const FROM_TABLET = { display: { xs: 'none', sm: 'table-cell' } } as const;
const FROM_DESKTOP = { display: { xs: 'none', md: 'table-cell' } } as const;

const STATUS_COLOR: Record<string, 'success' | 'warning' | 'error' | 'default'> = {
  APPROVED: 'success',
  PENDING: 'warning',
  IN_APPEAL: 'warning',
  REJECTED: 'error',
  PAUSED: 'error',
  DISABLED: 'error',
};

function StatusChip() {
  const template = useRecordContext<MessageTemplate>();
  const translate = useTranslate();
  if (!template) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLOR[template.status] ?? 'default'}
      label={translate(`messageTemplates.status.${template.status}`, { _: template.status })}
      data-status={template.status}
    />
  );
}

function NameAndBody() {
  const template = useRecordContext<MessageTemplate>();
  if (!template) return null;
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {template.name}
      </Typography>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', maxWidth: 420, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {template.body}
      </Typography>
    </>
  );
}

/**
 * /message-templates: the WhatsApp Cloud API templates of the company's connections, read-only (they are written and
 * approved in Meta's tools), filtered by connection, status and name, with "Sincronizar" for one connection.
 */
export function MessageTemplateList() {
  const translate = useTranslate();
  const { data: connections = [] } = useGetList<TemplateConnection>('connections', { pagination: { page: 1, perPage: 500 } });
  const cloud = connections.filter((connection) => connection.provider === 'cloud');
  const names = new Map(connections.map((connection) => [connection.id, connection.name]));
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('messageTemplates.search')} />,
    <SelectInput
      key="whatsappId"
      source="whatsappId"
      alwaysOn
      label="messageTemplates.filters.connection"
      choices={cloud}
      optionText="name"
      optionValue="id"
    />,
    <SelectInput
      key="status"
      source="status"
      alwaysOn
      label="messageTemplates.filters.status"
      choices={TEMPLATE_STATUSES.map((status) => ({ id: status, name: `messageTemplates.status.${status}` }))}
    />,
  ];
  return (
    <>
      <PageHeader title="messageTemplates.title" />
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1, mb: 1 }}>
        {translate('messageTemplates.readOnly')}
      </Typography>
      <List
        resource="message-templates"
        title="messageTemplates.title"
        sort={{ field: 'name', order: 'ASC' }}
        perPage={25}
        filters={filters}
        debounce={SEARCH_DEBOUNCE_MS}
        disableSyncWithLocation
        actions={
          <TopToolbar>
            <SyncTemplatesButton connections={cloud} />
          </TopToolbar>
        }
        empty={false}
      >
        <DataTable<MessageTemplate> rowClick={false} bulkActionButtons={false} empty={<ListEmpty message="messageTemplates.empty" />}>
          <DataTable.Col source="name" label="messageTemplates.columns.name" render={() => <NameAndBody />} />
          <DataTable.Col source="language" label="messageTemplates.columns.language" sx={FROM_TABLET} />
          <DataTable.Col source="category" label="messageTemplates.columns.category" sx={FROM_DESKTOP} />
          <DataTable.Col source="status" label="messageTemplates.columns.status" render={() => <StatusChip />} />
          <DataTable.NumberCol source="variables" label="messageTemplates.columns.variables" align="center" disableSort sx={FROM_TABLET} />
          <DataTable.Col
            source="whatsappId"
            label="messageTemplates.columns.connection"
            disableSort
            sx={FROM_DESKTOP}
            render={(record: MessageTemplate) => names.get(record.whatsappId) ?? '—'}
          />
        </DataTable>
      </List>
    </>
  );
}
