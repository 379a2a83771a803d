import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import { IconButton, InputAdornment } from '@mui/material';
import { useRef } from 'react';
import { TextInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { formatDayText, isoDay, parseDayText } from './dayText';

interface DayInputProps {
  source: string;
  /** Catalog key of the label. */
  label: string;
  /** false: no line kept free under the field until it shows an error. */
  helperText?: false;
}

/**
 * A day typed as dd/MM/yyyy whatever the browser's language (a native date input follows the browser's), kept
 * in the form as yyyy-MM-dd. The calendar button opens the browser's own date picker.
 */
export function DayInput({ source, label, helperText }: DayInputProps) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const value = useWatch({ name: source }) as string | undefined;
  const picker = useRef<HTMLInputElement>(null);

  const calendar = (
    <InputAdornment position="end">
      <IconButton edge="end" size="small" aria-label={translate('common.pickDate')} onClick={() => picker.current?.showPicker()}>
        <CalendarMonthOutlined fontSize="small" />
      </IconButton>
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden
        value={isoDay(value) ?? ''}
        onChange={(event) => setValue(source, event.target.value, { shouldDirty: true, shouldValidate: true })}
        style={{ position: 'absolute', right: 0, bottom: 0, width: 0, height: 0, opacity: 0, border: 0, padding: 0 }}
      />
    </InputAdornment>
  );

  return (
    <TextInput
      source={source}
      label={label}
      helperText={helperText}
      placeholder="dd/mm/aaaa"
      parse={parseDayText}
      format={formatDayText}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10, autoComplete: 'off' }, input: { endAdornment: calendar } }}
    />
  );
}
