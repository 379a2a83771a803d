import { Box, Chip, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import { useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { type PlaceholderKey, placeholderToken, TICKET_PLACEHOLDERS } from '../../../src/shared/placeholders';
import { insertToken } from './insertToken';

type Field = HTMLTextAreaElement | HTMLInputElement;

interface VariablePickerProps {
  /** The form field a chip writes into when no text field of the form was focused yet. */
  field: string;
  /** The shared variables this editor may use. */
  variables?: readonly PlaceholderKey[];
  /** Editor-specific variables (campaign settings' keys), written the same way. */
  extra?: readonly string[];
  disabled?: boolean;
}

/**
 * The variables a message may use, as chips with what each becomes: a click writes `{{key}}` at the caret of the
 * form's text field last focused (or of `field`). One picker for every editor, so every text speaks one language.
 */
export function VariablePicker({ field, variables = TICKET_PLACEHOLDERS, extra = [], disabled }: VariablePickerProps) {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  const root = useRef<HTMLDivElement>(null);
  const focused = useRef<Field | null>(null);

  // Remembers the text field of this form the user was writing in; a chip click must not lose it.
  useEffect(() => {
    const scope = root.current?.closest('form') ?? root.current?.closest('[role="dialog"]') ?? document.body;
    const onFocus = (event: FocusEvent) => {
      const target = event.target;
      if ((target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && target.type === 'text')) && target.name) {
        focused.current = target;
      }
    };
    scope.addEventListener('focusin', onFocus);
    return () => scope.removeEventListener('focusin', onFocus);
  }, []);

  const insert = (key: string) => {
    const target = focused.current?.isConnected ? focused.current : null;
    const name = target?.name ?? field;
    const { text, caret } = insertToken(String(getValues(name) ?? ''), placeholderToken(key), target?.selectionStart, target?.selectionEnd);
    // Rendered before the caret is placed: a caret set a frame later would land inside whatever was typed since.
    flushSync(() => setValue(name, text, { shouldDirty: true, shouldTouch: true }));
    const element = target ?? root.current?.closest('form')?.querySelector<Field>(`[name="${CSS.escape(name)}"]`) ?? null;
    if (element) {
      element.focus();
      element.setSelectionRange(caret, caret);
    }
  };

  const describe = (key: string) =>
    (TICKET_PLACEHOLDERS as readonly string[]).includes(key) || ['number', 'email'].includes(key)
      ? translate(`placeholders.variables.${key}`)
      : translate('placeholders.custom');

  return (
    <Box
      ref={root}
      role="group"
      aria-label={translate('placeholders.title')}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, mb: 2 }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mr: 0.5 }}>
        {translate('placeholders.title')}
      </Typography>
      {[...variables, ...extra].map((key) => (
        <Chip
          key={key}
          size="small"
          variant="outlined"
          color="primary"
          label={placeholderToken(key)}
          title={describe(key)}
          disabled={disabled}
          aria-label={translate('placeholders.insert', { token: placeholderToken(key), meaning: describe(key) })}
          // Keeps the caret in the message while the chip is pressed.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => insert(key)}
        />
      ))}
    </Box>
  );
}
