import { Box, Divider, MenuItem, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { INTEGRATION_GROUPS, SETTING_SELECTS } from './types';
import type { Settings } from './useSettings';

/** A text setting, saved when the field is left with a changed value. */
function IntegrationField({ settingKey, settings }: { settingKey: string; settings: Settings }) {
  const translate = useTranslate();
  const saved = settings.values?.[settingKey] ?? '';
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? saved;
  return (
    <TextField
      id={`setting-${settingKey}`}
      name={settingKey}
      label={translate(`settings.fields.${settingKey}`)}
      value={value}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => {
        if (draft !== null && draft !== saved) void settings.save(settingKey, draft).then(() => setDraft(null));
        else setDraft(null);
      }}
      size="small"
      fullWidth
      slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
    />
  );
}

/** Opções: one select per setting, each saved on change, and the integration fields. */
export function OptionsTab({ settings }: { settings: Settings }) {
  const translate = useTranslate();
  const { values } = settings;
  return (
    <Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' }, gap: 2 }}>
        {SETTING_SELECTS.map(({ key, options }) => {
          const current = values?.[key] ?? '';
          return (
            <TextField
              key={key}
              id={`setting-${key}`}
              select
              label={translate(`settings.fields.${key}`)}
              value={options.includes(current) ? current : ''}
              onChange={(event) => {
                if (event.target.value !== current) void settings.save(key, event.target.value);
              }}
              disabled={!values}
              size="small"
              fullWidth
            >
              {options.map((option) => (
                <MenuItem key={option} value={option}>
                  {translate(`settings.values.${option}`)}
                </MenuItem>
              ))}
            </TextField>
          );
        })}
      </Box>
      <Divider sx={{ my: 3 }} />
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {translate('settings.integrations')}
      </Typography>
      {values ? (
        <Box sx={{ display: 'grid', gap: 3 }}>
          {INTEGRATION_GROUPS.map((group) => (
            <Box key={group.name} component="section" aria-labelledby={`integration-${group.name}`}>
              <Typography id={`integration-${group.name}`} variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
                {translate(`settings.integrationGroups.${group.name}`)}
              </Typography>
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: `repeat(${group.keys.length}, 1fr)` }, gap: 2 }}>
                {group.keys.map((key) => (
                  <IntegrationField key={key} settingKey={key} settings={settings} />
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
