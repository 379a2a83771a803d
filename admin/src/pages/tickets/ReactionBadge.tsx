import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ReactionCount } from './reactions';

/** The reactions to a message, as a small badge over the bubble's lower edge. */
export function ReactionBadge({ reactions, mine }: { reactions: ReactionCount[]; mine: boolean }) {
  const translate = useTranslate();
  const label = reactions.map((reaction) => (reaction.count > 1 ? `${reaction.emoji} ${reaction.count}` : reaction.emoji)).join(' ');
  return (
    <Box
      role="img"
      aria-label={translate('tickets.messages.cards.reactions', { reactions: label })}
      title={label}
      data-reactions={reactions.map((reaction) => reaction.emoji).join('')}
      sx={{
        position: 'absolute',
        bottom: -14,
        [mine ? 'right' : 'left']: 8,
        display: 'flex',
        alignItems: 'center',
        gap: 0.25,
        px: 0.75,
        height: 24,
        borderRadius: 12,
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        boxShadow: '0 1px 2px rgba(0,0,0,0.15)',
        fontSize: 14,
        lineHeight: 1,
        whiteSpace: 'nowrap',
      }}
    >
      {reactions.map((reaction) => (
        <Box component="span" key={reaction.emoji} sx={{ display: 'inline-flex', alignItems: 'center' }}>
          {reaction.emoji}
          {reaction.count > 1 && (
            <Box component="span" sx={{ fontSize: 11, ml: 0.25, color: 'text.secondary' }}>
              {reaction.count}
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}
