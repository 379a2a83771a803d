import Check from '@mui/icons-material/Check';
import { Box, ButtonBase, FormControl, FormLabel, TextField, Tooltip, useTheme } from '@mui/material';
import * as colors from '@mui/material/colors';
import { type ChangeEvent, useId } from 'react';
import { InputHelperText, regex, required, useInput, useTranslate, type Validator } from 'react-admin';

const HUES = [
  'red',
  'pink',
  'purple',
  'deepPurple',
  'indigo',
  'blue',
  'lightBlue',
  'cyan',
  'teal',
  'green',
  'lightGreen',
  'lime',
  'yellow',
  'amber',
  'orange',
  'deepOrange',
  'brown',
  'grey',
  'blueGrey',
] as const;
const SHADES = [300, 500, 800] as const;

/** The preset colours: the Material hues in a light, a middle and a dark shade (57 in all), as uppercase hex. */
// biome-ignore lint/performance/noDynamicNamespaceImportAccess: the palette is every hue, so the whole colour module is wanted
export const COLOR_PALETTE: string[] = SHADES.flatMap((shade) => HUES.map((hue) => colors[hue][shade].toUpperCase()));

const HEX = /^#?([0-9A-F]{3}|[0-9A-F]{6})$/i;

/** '#abc', 'abc' and '#ABC' are one colour: '#ABC'. Anything else is left as typed. */
export function normaliseHex(value: string): string {
  const trimmed = value.trim();
  return HEX.test(trimmed) ? `#${trimmed.replace(/^#/, '').toUpperCase()}` : trimmed;
}

/** The 6-digit lowercase form the browser's colour input needs. */
function toNativeColor(value: string): string {
  const hex = normaliseHex(value).slice(1);
  if (!HEX.test(hex)) return '#000000';
  return `#${hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex}`.toLowerCase();
}

export const colorRules: Validator[] = [required('validation.requiredField'), regex(HEX, 'colorPicker.invalid')];

interface ColorPickerInputProps {
  source: string;
  /** Catalog key of the label. */
  label: string;
  validate?: Validator[];
}

/** A colour field: a palette of preset colours, a hex text field and the browser's colour chooser. */
export function ColorPickerInput({ source, label, validate = colorRules }: ColorPickerInputProps) {
  const translate = useTranslate();
  const theme = useTheme();
  const paletteId = useId();
  const { field, fieldState, formState, id } = useInput({ source, validate });
  const value = typeof field.value === 'string' ? field.value : '';
  const current = normaliseHex(value);
  const showError = fieldState.invalid && (fieldState.isTouched || formState.isSubmitted);

  const choose = (color: string) => {
    field.onChange(color);
    field.onBlur();
  };

  return (
    <FormControl fullWidth sx={{ mb: 2 }} error={showError}>
      <FormLabel id={paletteId} sx={{ mb: 1, fontSize: 14 }}>
        {translate(label)}
      </FormLabel>
      <Box
        role="group"
        aria-labelledby={paletteId}
        sx={{
          display: 'grid',
          // One row per shade where it fits; on a phone the swatches wrap so they stay big enough to tap.
          gridTemplateColumns: { xs: 'repeat(auto-fill, minmax(28px, 1fr))', sm: `repeat(${HUES.length}, minmax(0, 28px))` },
          gap: 0.5,
          mb: 2,
        }}
      >
        {COLOR_PALETTE.map((color) => {
          const selected = color === current;
          return (
            <Tooltip key={color} title={color} disableInteractive>
              <ButtonBase
                aria-label={translate('colorPicker.choose', { color })}
                aria-pressed={selected}
                onClick={() => choose(color)}
                sx={{
                  aspectRatio: '1',
                  borderRadius: 1,
                  bgcolor: color,
                  color: theme.palette.getContrastText(color),
                  boxShadow: `inset 0 0 0 1px ${theme.palette.divider}`,
                  outline: selected ? `2px solid ${theme.palette.text.primary}` : 'none',
                  outlineOffset: 1,
                  '&:hover': { transform: 'scale(1.15)' },
                  transition: 'transform 80ms',
                }}
              >
                {selected && <Check sx={{ fontSize: 16 }} />}
              </ButtonBase>
            </Tooltip>
          );
        })}
      </Box>
      <TextField
        id={id}
        name={field.name}
        inputRef={field.ref}
        label={translate('colorPicker.hex')}
        value={value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => field.onChange(event.target.value)}
        onBlur={() => {
          field.onChange(normaliseHex(value));
          field.onBlur();
        }}
        error={showError}
        helperText={<InputHelperText error={showError ? fieldState.error?.message : undefined} helperText="colorPicker.hexHelp" />}
        size="small"
        sx={{ maxWidth: 260 }}
        slotProps={{
          htmlInput: { maxLength: 7, spellCheck: false, autoComplete: 'off' },
          input: {
            startAdornment: (
              <Box
                component="label"
                title={translate('colorPicker.custom')}
                sx={{
                  position: 'relative',
                  flex: '0 0 auto',
                  width: 24,
                  height: 24,
                  mr: 1,
                  borderRadius: 0.5,
                  border: 1,
                  borderColor: 'divider',
                  bgcolor: HEX.test(value.trim()) ? current : 'transparent',
                  cursor: 'pointer',
                }}
              >
                <Box
                  component="input"
                  type="color"
                  aria-label={translate('colorPicker.custom')}
                  value={toNativeColor(value)}
                  onChange={(event: ChangeEvent<HTMLInputElement>) => choose(event.target.value.toUpperCase())}
                  sx={{ position: 'absolute', inset: 0, opacity: 0, width: '100%', height: '100%', cursor: 'pointer', p: 0, border: 0 }}
                />
              </Box>
            ),
          },
        }}
      />
    </FormControl>
  );
}
