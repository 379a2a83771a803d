import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import { IconButton, InputAdornment } from '@mui/material';
import { useRef } from 'react';
import { TextInput, useTranslate, type Validator } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { formatDateTimeText, localDateTime, parseDateTimeText } from './dateTimeText';
import { sendAtRules } from './scheduleForm';

const PLACEHOLDER = 'dd/mm/aaaa HH:mm';

interface DateTimeInputProps {
  disabled?: boolean;
  /** The form field; the schedule's sendAt unless told. */
  source?: string;
  /** Catalog key of the label. */
  label?: string;
  validate?: Validator[];
  /** Catalog key of a line under the field. */
  helperText?: string;
}

/**
 * A date and time typed as dd/MM/yyyy HH:mm whatever the browser's language (a native input follows the browser's),
 * kept in the form as a local yyyy-MM-ddTHH:mm. The calendar button opens the browser's own picker.
 */
export function ScheduleDateTimeInput({
  disabled,
  source = 'sendAt',
  label = 'scheduledMessages.form.sendAt',
  validate = sendAtRules,
  helperText,
}: DateTimeInputProps) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const value = useWatch({ name: source }) as string | undefined;
  const picker = useRef<HTMLInputElement>(null);

  const calendar = (
    <InputAdornment position="end">
      <IconButton edge="end" size="small" disabled={disabled} aria-label={translate('common.pickDate')} onClick={() => picker.current?.showPicker()}>
        <CalendarMonthOutlined fontSize="small" />
      </IconButton>
      <input
        ref={picker}
        type="datetime-local"
        tabIndex={-1}
        aria-hidden
        value={localDateTime(value) ? value : ''}
        onChange={(event) => setValue(source, event.target.value, { shouldDirty: true, shouldValidate: true })}
        style={{ position: 'absolute', right: 0, bottom: 0, width: 0, height: 0, opacity: 0, border: 0, padding: 0 }}
      />
    </InputAdornment>
  );

  return (
    <TextInput
      source={source}
      label={label}
      placeholder={PLACEHOLDER}
      validate={validate}
      helperText={helperText}
      disabled={disabled}
      parse={parseDateTimeText}
      format={formatDateTimeText}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: PLACEHOLDER.length, autoComplete: 'off' }, input: { endAdornment: calendar } }}
    />
  );
}
