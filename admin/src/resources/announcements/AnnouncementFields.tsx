import ImageOutlined from '@mui/icons-material/ImageOutlined';
import { Box, Chip, Link, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { priorityColor } from './priority';
import type { Announcement } from './types';

/** The priority as a coloured chip (1 high, 2 medium, 3 low). */
export function PriorityChip({ priority }: { priority: number }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={priorityColor(priority)}
      label={translate(`announcements.priority.${priority}`)}
      data-priority={priority}
      sx={{ fontWeight: 500, minWidth: 64 }}
    />
  );
}

export function AnnouncementPriority() {
  const record = useRecordContext<Announcement>();
  return record ? <PriorityChip priority={record.priority} /> : null;
}

export function AnnouncementTitle() {
  const record = useRecordContext<Announcement>();
  if (!record) return null;
  return (
    <Typography component="span" variant="body2" sx={{ fontWeight: 500 }} data-announcement-id={record.id}>
      {record.title}
    </Typography>
  );
}

/** The text's first line, cut to the column; the whole text on hover. */
export function AnnouncementExcerpt() {
  const record = useRecordContext<Announcement>();
  if (!record) return null;
  return (
    <Typography variant="body2" color="text.secondary" noWrap title={record.text} sx={{ maxWidth: { xs: 200, md: 420 } }}>
      {record.text}
    </Typography>
  );
}

/** The image's name, a link to it. */
export function AnnouncementMedia() {
  const record = useRecordContext<Announcement>();
  const translate = useTranslate();
  if (!record) return null;
  if (!record.mediaName || !record.mediaUrl) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('attachment.none')}
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <ImageOutlined fontSize="small" color="action" />
      <Link href={record.mediaUrl} target="_blank" rel="noopener noreferrer" variant="body2" noWrap sx={{ maxWidth: 200 }} title={record.mediaName}>
        {record.mediaName}
      </Link>
    </Box>
  );
}

export function AnnouncementStatus() {
  const record = useRecordContext<Announcement>();
  const translate = useTranslate();
  if (!record) return null;
  return record.status ? (
    <Chip size="small" variant="outlined" color="success" label={translate('announcements.active')} />
  ) : (
    <Chip size="small" variant="outlined" label={translate('announcements.inactive')} />
  );
}
