import { List, ListItemButton, ListItemText, Paper } from '@mui/material';
import { QUICK_MESSAGE_PREVIEW } from './constants';
import type { QuickMessage } from './types';

const preview = (text: string) => (text.length > QUICK_MESSAGE_PREVIEW ? `${text.slice(0, QUICK_MESSAGE_PREVIEW)}...` : text);

/** The '/shortcut' suggestions above the input; previews are cut at 35 characters. */
export function QuickMessageSuggestions({
  suggestions,
  active,
  onPick,
}: {
  suggestions: QuickMessage[];
  active: number;
  onPick(quickMessage: QuickMessage): void;
}) {
  if (!suggestions.length) return null;
  return (
    <Paper elevation={4} sx={{ position: 'absolute', bottom: '100%', left: 8, right: 8, mb: 0.5, maxHeight: 240, overflowY: 'auto', zIndex: 2 }}>
      <List dense role="listbox" data-quick-messages>
        {suggestions.map((quick, index) => (
          <ListItemButton
            key={quick.id}
            role="option"
            aria-selected={index === active}
            selected={index === active}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(quick)}
          >
            <ListItemText primary={`/${quick.shortcode}`} secondary={preview(quick.message)} slotProps={{ primary: { sx: { fontWeight: 500 } } }} />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}
