import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import { Box, type Theme, useMediaQuery } from '@mui/material';
import { DataTable, useRecordContext, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ListEmpty } from '../../components/ListEmpty';
import { RecordRowActions } from '../../components/RecordRowActions';
import { RowAction } from '../../components/RowAction';
import { SearchableResourceList } from '../../components/SearchableResourceList';
import { useDialogRoute } from '../../hooks/useDialogRoute';
import { CampaignsUsing } from '../campaigns/CampaignsUsing';
import { ContactListDialog } from './ContactListDialog';
import type { ContactList } from './types';
import { useLiveContactLists } from './useLiveContactLists';

/** Open the list's contacts, rename it, delete it (asks first). */
function ContactListActions() {
  const list = useRecordContext<ContactList>();
  const translate = useTranslate();
  const navigate = useNavigate();
  if (!list) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center' }}>
      <RowAction label={translate('contactLists.open', { name: list.name })} onClick={() => navigate(`/contact-lists/${list.id}/contacts`)}>
        <PeopleOutlined fontSize="small" />
      </RowAction>
      <RecordRowActions
        catalog="contactLists"
        name={list.name}
        deleteContent={<CampaignsUsing field="contactListId" id={list.id} message="contactLists.deleteMessage" />}
      />
    </Box>
  );
}

/**
 * /contact-lists: the company's contact lists (infinite scroll, search with debounce, live through the
 * `contact-list` topic) with their contact and valid counts; add and rename dialogs on /contact-lists/create and
 * /contact-lists/{id}; each row opens its contacts at /contact-lists/{id}/contacts.
 */
export function ContactListList() {
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  useLiveContactLists();
  const { creating, editId } = useDialogRoute('/contact-lists');
  return (
    <>
      <SearchableResourceList resource="contact-lists" catalog="contactLists" sort={{ field: 'name', order: 'ASC' }}>
        <DataTable<ContactList> rowClick={false} bulkActionButtons={false} empty={<ListEmpty message="contactLists.empty" />}>
          <DataTable.Col source="name" label="contactLists.columns.name" />
          <DataTable.NumberCol source="itemCount" label="contactLists.columns.itemCount" align="center" disableSort />
          {wide && <DataTable.NumberCol source="validCount" label="contactLists.columns.validCount" align="center" disableSort />}
          <DataTable.Col label="contactLists.columns.actions" align="right" render={() => <ContactListActions />} />
        </DataTable>
      </SearchableResourceList>
      {creating && <ContactListDialog />}
      {editId !== undefined && <ContactListDialog id={editId} />}
    </>
  );
}
