import { Chip, useTheme } from '@mui/material';

/** A label on its colour (e.g. a tag), the text dark or light for contrast. */
export function ColorChip({ label, color }: { label: string; color: string | null | undefined }) {
  const theme = useTheme();
  const background = color || theme.palette.grey[500];
  let text: string;
  try {
    text = theme.palette.getContrastText(background);
  } catch {
    // Not a colour MUI can read: keep the default chip look.
    return <Chip size="small" label={label} />;
  }
  return <Chip size="small" label={label} sx={{ bgcolor: background, color: text, fontWeight: 500, maxWidth: 280 }} />;
}
