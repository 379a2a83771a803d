import { CircularProgress } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import type { Campaign } from './types';

interface CampaignsUsingProps {
  /** The campaign field that points at the record about to be deleted. */
  field: 'contactListId' | 'fileListId';
  id: number;
  /** Catalog key of the usual confirmation text. */
  message: string;
}

/**
 * The delete confirmation of a contact list or a file list: the usual text, and the campaigns that use it by name (they
 * lose it). Read when the confirmation opens.
 */
export function CampaignsUsing({ field, id, message }: CampaignsUsingProps) {
  const translate = useTranslate();
  const { data, isPending } = useGetList<Campaign>('campaigns', {
    filter: { [field]: id },
    pagination: { page: 1, perPage: 50 },
    sort: { field: 'name', order: 'ASC' },
  });
  const names = (data ?? []).map((campaign) => `“${campaign.name}”`).join(', ');
  return (
    <>
      {translate(message)}
      {isPending && <CircularProgress size={14} sx={{ ml: 1 }} aria-label={translate('campaignTools.usage.checking')} />}
      {names && (
        <>
          <br />
          <br />
          <span data-campaigns-using={data?.length}>{translate(`campaignTools.usage.${field}`, { smart_count: data?.length ?? 0, names })}</span>
        </>
      )}
    </>
  );
}
