import { DataTable } from 'react-admin';
import { ListEmpty } from '../../components/ListEmpty';
import { SearchableResourceList } from '../../components/SearchableResourceList';
import { useDialogRoute } from '../../hooks/useDialogRoute';
import { CampaignDialog } from './CampaignDialog';
import { CampaignName, CampaignStatusField, DateTimeOf, NameOf } from './CampaignFields';
import { CampaignRowActions } from './CampaignRowActions';
import type { Campaign } from './types';
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
          <DataTable.Col source="status" label="campaigns.columns.status" render={() => <CampaignStatusField />} />
          <DataTable.Col source="contactList" label="campaigns.columns.contactList" disableSort render={() => <NameOf of="contactList" />} />
          <DataTable.Col source="whatsapp" label="campaigns.columns.whatsapp" disableSort render={() => <NameOf of="whatsapp" />} />
          <DataTable.Col source="scheduledAt" label="campaigns.columns.scheduledAt" render={() => <DateTimeOf source="scheduledAt" />} />
          <DataTable.Col source="completedAt" label="campaigns.columns.completedAt" render={() => <DateTimeOf source="completedAt" />} />
          <DataTable.Col label="campaigns.columns.actions" align="right" render={() => <CampaignRowActions />} />
        </DataTable>
      </SearchableResourceList>
      {creating && <CampaignDialog />}
      {editId !== undefined && <CampaignDialog id={editId} />}
    </>
  );
}
