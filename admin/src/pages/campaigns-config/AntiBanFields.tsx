import { Box, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SettingsDraft } from './settingsForm';

interface AntiBanFieldsProps {
  draft: SettingsDraft;
  errors: Record<string, string>;
  onChange(change: Partial<SettingsDraft>): void;
}

const wholeNumber = (text: string): number => (/^\d{1,9}$/.test(text) ? Number(text) : Number.NaN);

/** The limits that keep a number from being banned: daily cap, quiet hours, opt-out words and the failure pause. */
export function AntiBanFields({ draft, errors, onChange }: AntiBanFieldsProps) {
  const translate = useTranslate();
  const help = (field: string) => (errors[field] ? translate(errors[field]) : translate(`campaignsConfig.antiBan.${field}Help`));
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' }, gap: 2 }}>
      <TextField
        id="campaign-setting-dailyCap"
        size="small"
        label={translate('campaignsConfig.antiBan.dailyCap')}
        value={Number.isNaN(draft.dailyCap) ? '' : draft.dailyCap}
        onChange={(event) => onChange({ dailyCap: wholeNumber(event.target.value) })}
        error={Boolean(errors.dailyCap)}
        helperText={help('dailyCap')}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <TextField
        id="campaign-setting-failurePauseThreshold"
        size="small"
        label={translate('campaignsConfig.antiBan.failurePauseThreshold')}
        value={Number.isNaN(draft.failurePauseThreshold) ? '' : draft.failurePauseThreshold}
        onChange={(event) => onChange({ failurePauseThreshold: wholeNumber(event.target.value) })}
        error={Boolean(errors.failurePauseThreshold)}
        helperText={help('failurePauseThreshold')}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        {(['quietHoursStart', 'quietHoursEnd'] as const).map((field) => (
          <TextField
            key={field}
            id={`campaign-setting-${field}`}
            size="small"
            type="time"
            label={translate(`campaignsConfig.antiBan.${field}`)}
            value={draft[field]}
            onChange={(event) => onChange({ [field]: event.target.value })}
            error={Boolean(errors[field])}
            helperText={help(field)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
          />
        ))}
      </Box>
      <TextField
        id="campaign-setting-optOutKeywords"
        size="small"
        label={translate('campaignsConfig.antiBan.optOutKeywords')}
        value={draft.optOutKeywords}
        onChange={(event) => onChange({ optOutKeywords: event.target.value })}
        error={Boolean(errors.optOutKeywords)}
        helperText={help('optOutKeywords')}
      />
    </Box>
  );
}
