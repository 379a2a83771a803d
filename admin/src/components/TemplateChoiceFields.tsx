import { Box, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { MessageTemplateResponse } from '../../../src/shared/api-types';
import { needsHeaderFile, previewTemplate, slotLabel } from '../pages/tickets/serviceWindow';

/** The template chosen for a message, the text of each of its values and, for a header that shows a file, its address. */
export interface TemplateChoiceValue {
  templateId: number | null;
  variables: string[];
  headerMediaUrl?: string | null;
}

interface TemplateChoiceFieldsProps {
  templates: MessageTemplateResponse[];
  value: TemplateChoiceValue;
  onChange(next: TemplateChoiceValue): void;
  disabled?: boolean;
  /** A value as a sample recipient would get it (its placeholders rendered), for the preview. */
  renderValue(text: string): string;
  /** The template field's label (it also names the block for screen readers). */
  label: string;
}

/**
 * An approved template of a WhatsApp Cloud API connection for a message sent outside a conversation (a campaign's
 * variant, a schedule): the template, a text per placeholder of its header, body and URL buttons (placeholders allowed, rendered per recipient) and
 * a preview for a sample recipient.
 */
export function TemplateChoiceFields({ templates, value, onChange, disabled, renderValue, label }: TemplateChoiceFieldsProps) {
  const translate = useTranslate();
  const chosen = templates.find((template) => template.id === value.templateId) ?? null;
  if (!templates.length) {
    return (
      <Typography variant="body2" color="warning.main" sx={{ my: 1 }} data-testid="template-choice-empty">
        {translate('serviceWindow.noTemplates')}
      </Typography>
    );
  }
  const labelOf = (index: number) => {
    const slot = chosen?.slots[index];
    return slot ? slotLabel(slot, (n) => translate('cloudTemplates.value', { n }), translate) : '';
  };
  const choose = (id: number) => {
    const template = templates.find((t) => t.id === id);
    onChange({
      templateId: id,
      variables: Array.from({ length: template?.variables ?? 0 }, (_, i) => value.variables[i] ?? ''),
      headerMediaUrl: needsHeaderFile(template) ? (value.headerMediaUrl ?? '') : null,
    });
  };
  return (
    <Box component="section" aria-label={label} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, my: 1 }} data-testid="template-choice">
      <TextField
        select
        size="small"
        label={label}
        value={chosen ? chosen.id : ''}
        onChange={(event) => choose(Number(event.target.value))}
        disabled={disabled}
        helperText={translate('cloudTemplates.templateHelp')}
      >
        {templates.map((template) => (
          <MenuItem key={template.id} value={template.id}>
            {template.name} ({template.language})
          </MenuItem>
        ))}
      </TextField>
      {chosen && (
        <>
          {needsHeaderFile(chosen) && (
            <TextField
              size="small"
              label={translate('serviceWindow.headerMediaUrl')}
              value={value.headerMediaUrl ?? ''}
              disabled={disabled}
              onChange={(event) => onChange({ ...value, headerMediaUrl: event.target.value })}
              slotProps={{ htmlInput: { inputMode: 'url' } }}
            />
          )}
          {value.variables.length > 0 && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {value.variables.map((text, index) => (
                <TextField
                  // One value per slot of the template, in the order the send lists them.
                  key={index}
                  size="small"
                  sx={{ flex: '1 1 200px' }}
                  label={labelOf(index)}
                  value={text}
                  disabled={disabled}
                  onChange={(event) => onChange({ ...value, variables: value.variables.map((v, i) => (i === index ? event.target.value : v)) })}
                />
              ))}
            </Box>
          )}
          <Typography variant="caption" color="text.secondary">
            {translate('cloudTemplates.valueHelp')}
          </Typography>
          <Paper variant="outlined" sx={{ p: 1.5, bgcolor: 'action.hover' }} data-testid="template-choice-preview">
            <Typography variant="caption" color="text.secondary">
              {translate('serviceWindow.preview')}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {previewTemplate(chosen, value.variables.map(renderValue)) || chosen.name}
            </Typography>
          </Paper>
        </>
      )}
    </Box>
  );
}
