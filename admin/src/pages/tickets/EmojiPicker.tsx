import MoodOutlined from '@mui/icons-material/MoodOutlined';
import { Box, IconButton, Popover, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { EMOJI_GROUPS } from './emojis';

/** The emoji button and its popover grid. */
export function EmojiPicker({ disabled, onPick }: { disabled?: boolean; onPick(emoji: string): void }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = translate('tickets.input.emoji');
  return (
    <>
      <Tooltip title={label}>
        <span>
          <IconButton aria-label={label} disabled={disabled} onClick={(event) => setAnchor(event.currentTarget)}>
            <MoodOutlined />
          </IconButton>
        </span>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Box sx={{ width: 320, maxHeight: 300, overflowY: 'auto', p: 1 }} role="listbox" aria-label={label}>
          {EMOJI_GROUPS.map((group) => (
            <Box key={group.key} sx={{ mb: 1 }}>
              <Typography variant="caption" color="text.secondary" sx={{ px: 0.5 }}>
                {translate(`tickets.input.emojiGroups.${group.key}`)}
              </Typography>
              <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(8, 1fr)' }}>
                {group.emojis.map((emoji) => (
                  <Box
                    key={emoji}
                    component="button"
                    type="button"
                    role="option"
                    aria-selected={false}
                    onClick={() => onPick(emoji)}
                    sx={{
                      fontSize: 22,
                      lineHeight: '34px',
                      border: 0,
                      bgcolor: 'transparent',
                      cursor: 'pointer',
                      borderRadius: 1,
                      '&:hover': { bgcolor: 'action.hover' },
                    }}
                  >
                    {emoji}
                  </Box>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      </Popover>
    </>
  );
}
