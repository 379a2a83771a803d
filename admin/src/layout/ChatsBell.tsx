import ForumOutlined from '@mui/icons-material/ForumOutlined';
import { Badge, IconButton, Popover, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useChats } from '../pages/chats/ChatsProvider';
import { ChatsBellList } from './ChatsBellList';

/** The top-bar internal-chat bell: my unread chat messages, and the chats that hold them. */
export function ChatsBell() {
  const translate = useTranslate();
  const { enabled, unreads } = useChats();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!enabled) return null;

  return (
    <>
      <Tooltip title={translate('chats.bell.title')}>
        <IconButton color="inherit" aria-label={translate('chats.bell.label', { smart_count: unreads })} onClick={(event) => setAnchor(event.currentTarget)}>
          <Badge badgeContent={unreads} color="error" max={99} data-chat-unreads={unreads}>
            <ForumOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <ChatsBellList onPick={() => setAnchor(null)} />
      </Popover>
    </>
  );
}
