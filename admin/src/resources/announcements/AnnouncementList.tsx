import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { DataTable, useRecordContext } from 'react-admin';
import { ANNOUNCEMENT_EVENT } from '../../../../src/shared/realtime-events';
import { ListEmpty } from '../../components/ListEmpty';
import { RecordRowActions } from '../../components/RecordRowActions';
import { SearchableResourceList } from '../../components/SearchableResourceList';
import { useDialogRoute } from '../../hooks/useDialogRoute';
import { useRealtimeEvent } from '../../realtime/useRealtimeEvent';
import { AnnouncementDialog } from './AnnouncementDialog';
import { AnnouncementExcerpt, AnnouncementMedia, AnnouncementPriority, AnnouncementStatus, AnnouncementTitle } from './AnnouncementFields';
import type { Announcement } from './types';

function AnnouncementActions() {
  const record = useRecordContext<Announcement>();
  return record ? <RecordRowActions catalog="announcements" name={record.title} /> : null;
}

/** Any change of an announcement (the event every company receives) reloads the open lists and forms. */
function useLiveAnnouncements(): void {
  const queryClient = useQueryClient();
  const invalidate = useCallback(() => void queryClient.invalidateQueries({ queryKey: ['announcements'] }), [queryClient]);
  useRealtimeEvent<unknown>(ANNOUNCEMENT_EVENT, invalidate);
}

/**
 * /announcements (super users only, see routes.ts): every announcement, searched with debounce and live, most
 * important first, with the add and edit dialogs on /announcements/create and /announcements/{id}.
 */
export function AnnouncementList() {
  useLiveAnnouncements();
  const { creating, editId } = useDialogRoute('/announcements');
  return (
    <>
      <SearchableResourceList resource="announcements" catalog="announcements" sort={{ field: 'priority', order: 'ASC' }}>
        <DataTable<Announcement> rowClick={false} bulkActionButtons={false} empty={<ListEmpty message="announcements.empty" />}>
          <DataTable.Col source="priority" label="announcements.columns.priority" render={() => <AnnouncementPriority />} />
          <DataTable.Col source="title" label="announcements.columns.title" render={() => <AnnouncementTitle />} />
          <DataTable.Col source="text" label="announcements.columns.text" disableSort render={() => <AnnouncementExcerpt />} />
          <DataTable.Col source="mediaName" label="announcements.columns.mediaName" disableSort render={() => <AnnouncementMedia />} />
          <DataTable.Col source="status" label="announcements.columns.status" render={() => <AnnouncementStatus />} />
          <DataTable.Col label="announcements.columns.actions" align="right" render={() => <AnnouncementActions />} />
        </DataTable>
      </SearchableResourceList>
      {creating && <AnnouncementDialog />}
      {editId !== undefined && <AnnouncementDialog id={editId} />}
    </>
  );
}
