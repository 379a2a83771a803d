import { Box } from '@mui/material';
import { SelectInput, TextInput } from 'react-admin';
import { TemplateVariablesHint } from '../../components/TemplateVariablesHint';
import { useOptions } from '../../hooks/useOptions';
import { bodyRules } from './scheduleForm';
import { ScheduleContactInput } from './ScheduleContactInput';
import { ScheduleDateTimeInput } from './ScheduleDateTimeInput';
import type { ScheduleContact } from './types';

interface ScheduleInputsProps {
  /** The contact the form starts with. */
  contact: ScheduleContact | null;
  /** A sent schedule, or someone else's: shown, not changed. */
  readOnly: boolean;
}

/** The schedule dialog's fields: contact, connection, send time and message. */
export function ScheduleInputs({ contact, readOnly }: ScheduleInputsProps) {
  const connections = useOptions<{ id: number; name: string }>('/whatsapp', true, 'whatsapps');
  return (
    <>
      <ScheduleContactInput initial={contact} disabled={readOnly} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <SelectInput
          source="whatsappId"
          label="scheduledMessages.form.connection"
          choices={connections}
          emptyText="scheduledMessages.form.defaultConnection"
          emptyValue=""
          disabled={readOnly}
          // Empty means the company's default: say so in the field, not only in the list.
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        />
        <ScheduleDateTimeInput disabled={readOnly} />
      </Box>
      <TextInput source="body" label="scheduledMessages.form.body" validate={bodyRules} multiline minRows={4} maxRows={10} disabled={readOnly} />
      {!readOnly && <TemplateVariablesHint />}
    </>
  );
}
