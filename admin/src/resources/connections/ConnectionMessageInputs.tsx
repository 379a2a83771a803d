import { TextInput } from 'react-admin';
import { VariablePicker } from '../../components/VariablePicker';

const MESSAGES = ['greetingMessage', 'complationMessage', 'outOfHoursMessage', 'ratingMessage', 'expiresInactiveMessage'] as const;

/** The automatic messages, with the template variables they may use. */
export function ConnectionMessageInputs() {
  return (
    <>
      <VariablePicker field="greetingMessage" />
      {MESSAGES.map((source) => (
        <TextInput key={source} source={source} label={`connections.form.${source}`} multiline minRows={2} maxRows={6} helperText={false} sx={{ mb: 2 }} />
      ))}
    </>
  );
}
