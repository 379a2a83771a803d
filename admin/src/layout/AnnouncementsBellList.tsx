import { Box, Chip, CircularProgress, Link, List, ListItem, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AnnouncementFeedItem } from '../../../src/shared/announcement-api-types';
import { formatDate } from '../formatDate';
import { PriorityChip } from '../resources/announcements/AnnouncementFields';
import { priorityColor } from '../resources/announcements/priority';

interface AnnouncementsBellListProps {
  records: AnnouncementFeedItem[] | undefined;
  failed: boolean;
  /** The ones that were unread when the popover showed them. */
  fresh: ReadonlySet<number>;
}

/** The bell's popover: active announcements, most important first, each with its priority colour, text and image. */
export function AnnouncementsBellList({ records, failed, fresh }: AnnouncementsBellListProps) {
  const translate = useTranslate();
  return (
    <Box sx={{ width: 360, maxWidth: 'calc(100vw - 32px)', maxHeight: 480, overflowY: 'auto' }} data-announcements-bell-list>
      <Typography variant="subtitle1" sx={{ px: 2, pt: 1.5, pb: 1, fontWeight: 600, borderBottom: 1, borderColor: 'divider' }}>
        {translate('announcements.bell.title')}
      </Typography>
      {!records ? (
        failed ? (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
            {translate('announcements.bell.loadFailed')}
          </Typography>
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            <CircularProgress size={24} />
          </Box>
        )
      ) : records.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
          {translate('announcements.bell.empty')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {records.map((record) => (
            <ListItem
              key={record.id}
              divider
              data-announcement-item={record.id}
              sx={(theme) => ({
                display: 'block',
                py: 1.5,
                borderLeft: 4,
                borderLeftColor: theme.palette[priorityColor(record.priority)].main,
              })}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {record.title}
                </Typography>
                {fresh.has(record.id) && <Chip size="small" color="primary" label={translate('announcements.bell.new')} />}
                <PriorityChip priority={record.priority} />
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {record.text}
              </Typography>
              {record.mediaUrl && (
                <Link
                  href={record.mediaUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={translate('announcements.bell.openImage', { name: record.title })}
                  sx={{ display: 'block', mt: 1 }}
                >
                  <Box
                    component="img"
                    src={record.mediaUrl}
                    alt={record.mediaName ?? ''}
                    loading="lazy"
                    sx={{ display: 'block', maxWidth: '100%', maxHeight: 160, borderRadius: 1, border: 1, borderColor: 'divider' }}
                  />
                </Link>
              )}
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
                {formatDate(record.createdAt)}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
