import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import { Box, Paper, Tab, Tabs, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { TextInput, useInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { MessageTemplateResponse } from '../../../../src/shared/api-types';
import { TemplateChoiceFields } from '../../components/TemplateChoiceFields';
import { VariablePicker } from '../../components/VariablePicker';
import { useAppDataProvider } from '../../providers/dataProvider';
import { VARIANTS, type Variant } from './types';
import { type CampaignTemplateChoice, type CampaignVariable, renderCampaignMessage } from '../../../../src/shared/campaigns';
import { CAMPAIGN_PLACEHOLDERS } from '../../../../src/shared/placeholders';

/** The campaign settings' variables; none while the settings cannot be read. */
function useCampaignVariables(): CampaignVariable[] {
  const methods = useAppDataProvider();
  const { data } = useQuery({
    queryKey: ['campaign-settings', 'variables'],
    queryFn: async () => (await methods.getCampaignSettings()).variables,
    retry: false,
    staleTime: 60_000,
  });
  return (data ?? []).filter((variable) => variable.key);
}

/** Each variant's message and confirmation text as a sample recipient would get them. */
function VariantPreview({ variant, confirmation, variables }: { variant: Variant; confirmation: boolean; variables: CampaignVariable[] }) {
  const translate = useTranslate();
  const message = String(useWatch({ name: `message${variant}` }) ?? '');
  const ask = String(useWatch({ name: `confirmationMessage${variant}` }) ?? '');
  const sample = { name: translate('campaignTools.sampleName'), number: '5511999990000', email: translate('campaignTools.sampleEmail') };
  const texts = [confirmation && ask.trim() ? ask : '', message].filter((text) => text.trim());
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mt: 1, bgcolor: 'action.hover' }} data-variant-preview={variant}>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
        {translate('campaignTools.previewFor', { name: sample.name })}
      </Typography>
      {texts.length ? (
        texts.map((text, index) => (
          <Typography key={index} variant="body2" sx={{ whiteSpace: 'pre-wrap', mb: 0.5 }}>
            {renderCampaignMessage(text, sample, variables)}
          </Typography>
        ))
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('campaignTools.previewEmpty')}
        </Typography>
      )}
    </Paper>
  );
}

/** The approved template a variant sends on a WhatsApp Cloud API connection (the form's `templates`, one per variant). */
function VariantTemplateInput({
  variant,
  templates,
  variables,
  disabled,
  asking,
}: {
  variant: Variant;
  templates: MessageTemplateResponse[];
  variables: CampaignVariable[];
  disabled: boolean;
  /** The template asks for the confirmation (the message goes once the contact answers). */
  asking: boolean;
}) {
  const translate = useTranslate();
  const { field } = useInput<CampaignTemplateChoice[]>({ source: 'templates' });
  const choices: CampaignTemplateChoice[] = Array.isArray(field.value) ? field.value : [];
  const current = choices.find((choice) => choice.variant === variant);
  const sample = { name: translate('campaignTools.sampleName'), number: '5511999990000', email: translate('campaignTools.sampleEmail') };
  return (
    <TemplateChoiceFields
      label={translate(asking ? 'cloudTemplates.confirmationTemplate' : 'cloudTemplates.template')}
      templates={templates}
      value={{ templateId: current?.templateId ?? null, variables: current?.variables ?? [], headerMediaUrl: current?.headerMediaUrl ?? null }}
      disabled={disabled}
      renderValue={(text) => renderCampaignMessage(text, sample, variables)}
      onChange={(next) =>
        field.onChange(
          [
            ...choices.filter((choice) => choice.variant !== variant),
            { variant, templateId: next.templateId ?? 0, variables: next.variables, ...(next.headerMediaUrl ? { headerMediaUrl: next.headerMediaUrl } : {}) },
          ].sort((x, y) => x.variant - y.variant),
        )
      }
    />
  );
}

/**
 * The five message variants as tabs 1..5 (filled ones marked), each with its confirmation text while "confirmation"
 * is on and a preview for a sample recipient, and the shared variable picker (the shared variables and the campaign's
 * own). On a WhatsApp Cloud API connection (`templates` given) each variant picks its approved template instead.
 */
export function CampaignMessageTabs({ disabled, templates }: { disabled: boolean; templates: MessageTemplateResponse[] | null }) {
  const translate = useTranslate();
  const [tab, setTab] = useState(0);
  const confirmation = Boolean(useWatch({ name: 'confirmation' }));
  const variables = useCampaignVariables();
  const messages = useWatch({ name: VARIANTS.map((n) => `message${n}`) }) as (string | undefined)[];
  const filled = VARIANTS.map((_, index) => Boolean(String(messages[index] ?? '').trim()));
  const variant = VARIANTS[tab] ?? 1;

  return (
    <Box component="section" aria-label={translate('campaigns.form.messages')} sx={{ mt: 1 }}>
      <VariablePicker field={`message${variant}`} variables={CAMPAIGN_PLACEHOLDERS} extra={variables.map((variable) => variable.key)} disabled={disabled} />
      <Tabs
        value={tab}
        onChange={(_, next: number) => setTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {VARIANTS.map((n, index) => (
          <Tab
            key={n}
            label={translate('campaigns.form.tab', { n })}
            id={`campaign-message-tab-${n}`}
            // Filled variants are marked, so an empty one is not mistaken for a sent one.
            icon={filled[index] ? <CheckCircle fontSize="small" color="success" /> : <RadioButtonUnchecked fontSize="small" color="disabled" />}
            iconPosition="end"
            aria-label={translate(filled[index] ? 'campaignTools.variantFilled' : 'campaignTools.variantEmpty', { n })}
            data-variant-filled={filled[index] ? 'true' : 'false'}
            sx={{ minHeight: 48 }}
          />
        ))}
      </Tabs>
      <Box key={variant} role="tabpanel" aria-labelledby={`campaign-message-tab-${variant}`}>
        <TextInput
          source={`message${variant}`}
          label={translate('campaigns.form.message', { n: variant })}
          placeholder={translate('campaigns.form.messagePlaceholder')}
          multiline
          minRows={4}
          maxRows={12}
          disabled={disabled}
        />
        {/* On a Cloud API connection the variant's template is the confirmation request. */}
        {confirmation && !templates && (
          <TextInput
            source={`confirmationMessage${variant}`}
            label={translate('campaigns.form.confirmationMessage', { n: variant })}
            placeholder={translate('campaigns.form.messagePlaceholder')}
            multiline
            minRows={3}
            maxRows={10}
            disabled={disabled}
          />
        )}
        {templates ? (
          <VariantTemplateInput variant={variant} templates={templates} variables={variables} disabled={disabled} asking={confirmation} />
        ) : (
          <VariantPreview variant={variant} confirmation={confirmation} variables={variables} />
        )}
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {translate('campaignTools.variantsFilled', { smart_count: filled.filter(Boolean).length })}
      </Typography>
    </Box>
  );
}
