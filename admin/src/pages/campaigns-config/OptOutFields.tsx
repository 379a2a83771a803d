import { Box, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SettingsDraft } from './settingsForm';

interface OptOutFieldsProps {
  draft: SettingsDraft;
  errors: Record<string, string>;
  onChange(change: Partial<SettingsDraft>): void;
}

/** The answer an opt-out keyword gets, and how long a confirmation campaign waits for its answers. */
export function OptOutFields({ draft, errors, onChange }: OptOutFieldsProps) {
  const translate = useTranslate();
  const help = (field: string) => (errors[field] ? translate(errors[field]) : translate(`campaignTools.settings.${field}Help`));
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, gap: 2 }}>
      <TextField
        id="campaign-setting-optOutReply"
        size="small"
        multiline
        minRows={2}
        label={translate('campaignTools.settings.optOutReply')}
        value={draft.optOutReply}
        onChange={(event) => onChange({ optOutReply: event.target.value })}
        error={Boolean(errors.optOutReply)}
        helperText={help('optOutReply')}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      <TextField
        id="campaign-setting-confirmationWindowHours"
        size="small"
        label={translate('campaignTools.settings.confirmationWindowHours')}
        value={Number.isNaN(draft.confirmationWindowHours) ? '' : draft.confirmationWindowHours}
        onChange={(event) => onChange({ confirmationWindowHours: /^\d{1,4}$/.test(event.target.value) ? Number(event.target.value) : Number.NaN })}
        error={Boolean(errors.confirmationWindowHours)}
        helperText={help('confirmationWindowHours')}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
    </Box>
  );
}
