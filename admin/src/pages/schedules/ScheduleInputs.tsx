import { Box } from '@mui/material';
import { ReferenceInput, SelectInput, TextInput } from 'react-admin';
import { VariablePicker } from '../../components/VariablePicker';
import { bodyRules } from './scheduleForm';
import { ScheduleContactInput } from './ScheduleContactInput';
import { ScheduleDateTimeInput } from './ScheduleDateTimeInput';

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
    </>
  );
}
