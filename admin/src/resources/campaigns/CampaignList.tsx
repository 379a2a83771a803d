import { DataTable } from 'react-admin';
import { ListEmpty } from '../../components/ListEmpty';
import { SearchableResourceList } from '../../components/SearchableResourceList';
import { useDialogRoute } from '../../hooks/useDialogRoute';
import { CampaignDialog } from './CampaignDialog';
import { CampaignName, CampaignStatusField, DateTimeOf, NameOf } from './CampaignFields';
import { CampaignRowActions } from './CampaignRowActions';
import type { Campaign } from './types';

// A phone keeps the name (with the status under it) and the actions in view; the rest shows on wider screens.
const FROM_TABLET = { display: { xs: 'none', sm: 'table-cell' } } as const;
const FROM_DESKTOP = { display: { xs: 'none', md: 'table-cell' } } as const;
import { useLiveCampaigns } from './useLiveCampaigns';

/**
 * /campaigns: react-admin's infinite list of the company's campaigns, searched with debounce and live through the
 * `campaign` topic, with the add and edit dialogs on /campaigns/create and /campaigns/{id}.
 */
export function CampaignList() {
  useLiveCampaigns();
  const { creating, editId } = useDialogRoute('/campaigns');
  return (
    <>
      <SearchableResourceList resource="campaigns" catalog="campaigns" sort={{ field: 'name', order: 'ASC' }}>
        <DataTable<Campaign> rowClick={false} bulkActionButtons={false} empty={<ListEmpty message="campaigns.empty" />}>
          <DataTable.Col source="name" label="campaigns.columns.name" render={() => <CampaignName />} />
          <DataTable.Col source="status" label="campaigns.columns.status" sx={FROM_TABLET} render={() => <CampaignStatusField />} />
          <DataTable.Col source="contactList" label="campaigns.columns.contactList" disableSort sx={FROM_DESKTOP} render={() => <NameOf of="contactList" />} />
          <DataTable.Col source="whatsapp" label="campaigns.columns.whatsapp" disableSort sx={FROM_DESKTOP} render={() => <NameOf of="whatsapp" />} />
          <DataTable.Col source="scheduledAt" label="campaigns.columns.scheduledAt" sx={FROM_TABLET} render={() => <DateTimeOf source="scheduledAt" />} />
          <DataTable.Col source="completedAt" label="campaigns.columns.completedAt" sx={FROM_DESKTOP} render={() => <DateTimeOf source="completedAt" />} />
          <DataTable.Col label="campaigns.columns.actions" align="right" render={() => <CampaignRowActions />} />
        </DataTable>
      </SearchableResourceList>
      {creating && <CampaignDialog />}
      {editId !== undefined && <CampaignDialog id={editId} />}
    </>
  );
}
