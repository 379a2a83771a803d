import { List, ListItemButton, ListItemText, Paper, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { QUICK_MESSAGE_PREVIEW } from './constants';
import type { QuickMessage } from './types';

const preview = (text: string) => (text.length > QUICK_MESSAGE_PREVIEW ? `${text.slice(0, QUICK_MESSAGE_PREVIEW)}...` : text);

/** The id of the listbox and its options, for the input's aria-controls and aria-activedescendant. */
export const QUICK_LIST_ID = 'quick-message-suggestions';
export const quickOptionId = (quick: QuickMessage) => `${QUICK_LIST_ID}-${quick.id}`;

/**
 * The '/' quick replies above the input: all of them for '/' alone, narrowed as the user types; the active one is
 * kept in view while the arrows move through a long list. Previews are cut at 35 characters.
 */
export function QuickMessageSuggestions({
  suggestions,
  active,
  onPick,
}: {
  suggestions: QuickMessage[];
  active: number;
  onPick(quickMessage: QuickMessage): void;
}) {
  const translate = useTranslate();
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (active < 0) return;
    const option = listRef.current?.querySelectorAll<HTMLElement>('[role="option"]')[active];
    option?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  if (!suggestions.length) return null;
  return (
    <Paper
      elevation={4}
      sx={{ position: 'absolute', bottom: '100%', left: 8, right: 8, mb: 0.5, zIndex: 2, display: 'flex', flexDirection: 'column', maxHeight: 280 }}
    >
      <List
        dense
        ref={listRef}
        id={QUICK_LIST_ID}
        role="listbox"
        aria-label={translate('quickReplies.listLabel')}
        data-quick-messages
        sx={{ overflowY: 'auto', flex: 1, minHeight: 0 }}
      >
        {suggestions.map((quick, index) => (
          <ListItemButton
            key={quick.id}
            id={quickOptionId(quick)}
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
      <Typography variant="caption" color="text.secondary" sx={{ px: 2, py: 0.5, borderTop: 1, borderColor: 'divider', display: { xs: 'none', sm: 'block' } }}>
        {translate('quickReplies.hint')}
      </Typography>
    </Paper>
  );
}
