import ArrowBack from '@mui/icons-material/ArrowBack';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Box, Button, IconButton, type Theme, Tooltip, Typography, useMediaQuery } from '@mui/material';
import { type ChangeEvent, useState } from 'react';
import { DataTable, InfiniteList, SearchInput, TopToolbar, useGetOne, useRecordContext, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { ListEmpty } from '../../components/ListEmpty';
import { PageHeader } from '../../components/PageHeader';
import { RowAction } from '../../components/RowAction';
import { RowDeleteButton } from '../../components/RowDeleteButton';
import { useAccess } from '../../hooks/useAccess';
import { useNotifyError } from '../../hooks/useNotifyError';
import { useAppDataProvider } from '../../providers/dataProvider';
import { useLiveResource } from '../../realtime/useLiveResource';
import { ContactListItemDialog } from './ContactListItemDialog';
import { ImportHelp } from './ImportHelp';
import { ImportProgress } from './ImportProgress';
import type { ContactList, ContactListItem } from './types';
import { useContactListImport } from './useContactListImport';
import { WhatsappValidity } from './WhatsappValidity';

/** The spec's lists search 500 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 500;
const PAGE_SIZE = 20;
const SPREADSHEETS = '.xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Edit (dialog) and, for 'contacts-page:deleteContact', delete (asks first). */
function ItemActions({ onEdit }: { onEdit(id: number): void }) {
  const item = useRecordContext<ContactListItem>();
  const translate = useTranslate();
  const canDelete = useAccess()?.can('contacts-page:deleteContact') ?? false;
  if (!item) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
      <RowAction label={translate('contactListItems.edit', { name: item.name })} onClick={() => onEdit(item.id)}>
        <EditOutlined fontSize="small" />
      </RowAction>
      {canDelete && <RowDeleteButton catalog="contactListItems" name={item.name} />}
    </Box>
  );
}

/** The import button: a spreadsheet (.xls or .xlsx) sent at once; the bar follows the job. */
function ImportButton({ disabled, compact, onFile }: { disabled: boolean; compact: boolean; onFile(file: File): void }) {
  const translate = useTranslate();
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be picked again after a failure.
    event.target.value = '';
    if (file) onFile(file);
  };
  const input = <input hidden type="file" accept={SPREADSHEETS} onChange={pick} data-testid="contact-list-import-input" />;
  return (
    <Tooltip title={translate('contactListItems.importHelp')}>
      <span>
        {compact ? (
          <IconButton component="label" color="primary" disabled={disabled} aria-label={translate('contactListItems.import')}>
            <UploadFileOutlined />
            {input}
          </IconButton>
        ) : (
          <Button component="label" variant="outlined" startIcon={<UploadFileOutlined />} disabled={disabled}>
            {translate('contactListItems.import')}
            {input}
          </Button>
        )}
      </span>
    </Tooltip>
  );
}

/** Phones: the number under the name, so the row keeps its check icon and actions on screen. */
function NameAndNumber() {
  const item = useRecordContext<ContactListItem>();
  if (!item) return null;
  return (
    <Box>
      <Typography variant="body2">{item.name}</Typography>
      <Typography variant="caption" color="text.secondary">
        {item.number}
      </Typography>
    </Box>
  );
}

/**
 * /contact-lists/{id}/contacts: the contacts of one list (infinite scroll, search with debounce, live through the
 * `ContactListItem` topic, whose `reload` ends an import), each with its WhatsApp check; add and edit in a dialog;
 * a spreadsheet import with its progress bar; back to the lists.
 */
export function ContactListItemsPage() {
  const contactListId = Number(useParams().contactListId);
  const translate = useTranslate();
  const navigate = useNavigate();
  const methods = useAppDataProvider();
  const notifyError = useNotifyError();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  const [dialog, setDialog] = useState<{ id?: number } | null>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const { data: list } = useGetOne<ContactList>('contact-lists', { id: contactListId }, { enabled: Number.isInteger(contactListId) });
  const { current, setCurrent, dismiss } = useContactListImport(contactListId);
  useLiveResource('contact-list-items', 'ContactListItem');

  const importing = current?.status === 'queued' || current?.status === 'running';
  const upload = async (file: File) => {
    setUploading(file.name);
    try {
      setCurrent((await methods.uploadContactListFile(contactListId, file)).data);
    } catch (error) {
      notifyError(error);
    } finally {
      setUploading(null);
    }
  };

  return (
    <>
      <PageHeader title="contactListItems.title" titleArgs={{ name: list?.name ?? '' }}>
        <Tooltip title={translate('contactListItems.back')}>
          <IconButton aria-label={translate('contactListItems.back')} onClick={() => navigate('/contact-lists')} sx={{ order: -1 }}>
            <ArrowBack />
          </IconButton>
        </Tooltip>
      </PageHeader>
      <ImportHelp />
      <ImportProgress current={current} uploading={uploading} onDismiss={dismiss} />
      <InfiniteList
        resource="contact-list-items"
        title={translate('contactListItems.title', { name: list?.name ?? '' })}
        filter={{ contactListId }}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={PAGE_SIZE}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('contactListItems.search')} />]}
        debounce={SEARCH_DEBOUNCE_MS}
        disableSyncWithLocation
        storeKey={false}
        actions={
          <TopToolbar>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'nowrap', alignItems: 'center' }}>
              <ImportButton compact={!wide} disabled={importing || uploading !== null} onFile={(file) => void upload(file)} />
              {wide ? (
                <Button variant="contained" startIcon={<PersonAddOutlined />} onClick={() => setDialog({})}>
                  {translate('contactListItems.add')}
                </Button>
              ) : (
                <Tooltip title={translate('contactListItems.add')}>
                  <IconButton color="primary" aria-label={translate('contactListItems.add')} onClick={() => setDialog({})}>
                    <PersonAddOutlined />
                  </IconButton>
                </Tooltip>
              )}
            </Box>
          </TopToolbar>
        }
        empty={false}
      >
        <DataTable<ContactListItem> rowClick={false} bulkActionButtons={false} empty={<ListEmpty message="contactListItems.empty" />}>
          {wide ? (
            <DataTable.Col source="name" label="contactListItems.columns.name" />
          ) : (
            <DataTable.Col source="name" label="contactListItems.columns.name" render={() => <NameAndNumber />} />
          )}
          {wide && <DataTable.Col source="number" label="contactListItems.columns.number" />}
          {wide && <DataTable.Col source="email" label="contactListItems.columns.email" />}
          <DataTable.Col source="isWhatsappValid" label="contactListItems.columns.whatsapp" align="center" render={() => <WhatsappValidity />} />
          <DataTable.Col label="contactListItems.columns.actions" align="right" render={() => <ItemActions onEdit={(id) => setDialog({ id })} />} />
        </DataTable>
      </InfiniteList>
      {dialog && <ContactListItemDialog contactListId={contactListId} id={dialog.id} onClose={() => setDialog(null)} />}
    </>
  );
}
