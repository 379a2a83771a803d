import AnnouncementOutlined from '@mui/icons-material/AnnouncementOutlined';
import { Badge, IconButton, Popover, Tooltip } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useAnnouncementFeed } from '../resources/announcements/useAnnouncementFeed';
import { AnnouncementsBellList } from './AnnouncementsBellList';

/**
 * The top-bar announcements bell, for every user: a badge with the unread count and a popover with the active
 * announcements. What the popover shows is marked read while it is open (so the badge clears); the ones that were
 * new keep their mark until it closes.
 */
export function AnnouncementsBell() {
  const translate = useTranslate();
  const { feed, isError, markRead } = useAnnouncementFeed();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const unreadCount = feed?.unreadCount ?? 0;
  const open = Boolean(anchor);

  // Open: whatever is unread in the list (on opening, or arriving live meanwhile) is now seen.
  useEffect(() => {
    if (!open || !feed) return;
    const unread = feed.records.filter((record) => !record.read).map((record) => record.id);
    if (!unread.length) return;
    setFresh((current) => new Set([...current, ...unread]));
    void markRead(unread).catch(() => undefined);
  }, [open, feed, markRead]);

  const close = () => {
    setAnchor(null);
    setFresh(new Set());
  };

  return (
    <>
      <Tooltip title={translate('announcements.bell.title')}>
        <IconButton
          color="inherit"
          aria-label={translate('announcements.bell.label', { smart_count: unreadCount })}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge badgeContent={unreadCount} color="error" max={99} data-announcements-unread={unreadCount}>
            <AnnouncementOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={open}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <AnnouncementsBellList records={feed?.records} failed={isError} fresh={fresh} />
      </Popover>
    </>
  );
}
