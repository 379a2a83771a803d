import { Box } from '@mui/material';
import { ReferenceInput, SelectInput, TextInput, useInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { renderTemplate } from '../../../../src/shared/template-variables';
import { TemplateChoiceFields } from '../../components/TemplateChoiceFields';
import { VariablePicker } from '../../components/VariablePicker';
import { useQuery } from '@tanstack/react-query';
import type { ScheduleTemplatesResponse } from '../../../../src/shared/api-types';
import { api } from '../../providers/httpClient';
import { bodyRules } from './scheduleForm';
import { ScheduleContactInput } from './ScheduleContactInput';
import { ScheduleDateTimeInput } from './ScheduleDateTimeInput';

/** The approved template a schedule on a WhatsApp Cloud API connection sends, and the text of each of its values. */
function ScheduleTemplateInput({ readOnly }: { readOnly: boolean }) {
  const translate = useTranslate();
  const chosen = useWatch({ name: 'whatsappId' }) as number | '' | null;
  const whatsappId = chosen === '' || chosen === null || chosen === undefined ? null : Number(chosen);
  // Asked of the schedules API (not the admins' template list): everyone who schedules picks templates.
  const { data } = useQuery({
    queryKey: ['schedule-templates', whatsappId],
    queryFn: () => api.get<ScheduleTemplatesResponse>('/schedules/templates', whatsappId ? { whatsappId } : undefined),
    retry: false,
    staleTime: 30_000,
  });
  const cloud = data?.cloud ?? false;
  const templates = data?.templates ?? [];
  const templateId = useInput<number | null>({ source: 'templateId' });
  const variables = useInput<string[]>({ source: 'templateVariables' });
  const headerMediaUrl = useInput<string | null>({ source: 'templateHeaderMediaUrl' });
  if (!cloud) return null;
  const sampleName = translate('campaignTools.sampleName');
  return (
    <TemplateChoiceFields
      label={translate('cloudTemplates.template')}
      templates={templates}
      value={{
        templateId: templateId.field.value ?? null,
        variables: Array.isArray(variables.field.value) ? variables.field.value : [],
        headerMediaUrl: headerMediaUrl.field.value ?? null,
      }}
      disabled={readOnly}
      renderValue={(text) => renderTemplate(text, { name: sampleName })}
      onChange={(next) => {
        templateId.field.onChange(next.templateId);
        variables.field.onChange(next.variables);
        headerMediaUrl.field.onChange(next.headerMediaUrl ?? null);
      }}
    />
  );
}

/** The schedule dialog's fields: contact, connection, send time and message; read-only for a sent schedule, or someone else's. */
export function ScheduleInputs({ readOnly }: { readOnly: boolean }) {
  return (
    <>
      <ScheduleContactInput disabled={readOnly} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <ReferenceInput source="whatsappId" reference="connections">
          <SelectInput
            label="scheduledMessages.form.connection"
            emptyText="scheduledMessages.form.defaultConnection"
            emptyValue=""
            disabled={readOnly}
            // Empty means the company's default: say so in the field, not only in the list.
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          />
        </ReferenceInput>
        <ScheduleDateTimeInput disabled={readOnly} />
      </Box>
      <TextInput source="body" label="scheduledMessages.form.body" validate={bodyRules} multiline minRows={4} maxRows={10} disabled={readOnly} />
      {!readOnly && <VariablePicker field="body" />}
      <ScheduleTemplateInput readOnly={readOnly} />
    </>
  );
}
