import ForumOutlined from '@mui/icons-material/ForumOutlined';
import { Badge } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useChats } from '../pages/chats/ChatsProvider';

/** The /chats menu icon, with a dot while the user has unread internal messages (core §2). */
export function ChatsIcon() {
  const translate = useTranslate();
  const { unreads } = useChats();
  return (
    <Badge
      variant="dot"
      color="error"
      overlap="circular"
      invisible={unreads === 0}
      data-chat-dot={unreads > 0}
      title={unreads ? translate('chats.unreadDot') : undefined}
    >
      <ForumOutlined />
    </Badge>
  );
}
