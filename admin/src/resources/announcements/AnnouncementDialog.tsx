import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SelectInput, TextInput, useGetOne, useNotify } from 'react-admin';
import { ANNOUNCEMENT_IMAGE_ACCEPT } from '../../../../src/shared/announcement-api-types';
import { type AttachmentChange, AttachmentField } from '../../components/AttachmentField';
import { ResourceFormDialog } from '../../components/ResourceFormDialog';
import { SwitchInput } from '../../components/SwitchInput';
import { useAppDataProvider } from '../../providers/dataProvider';
import {
  attachmentOf,
  isAcceptedImageName,
  NEW_ANNOUNCEMENT,
  PRIORITY_CHOICES,
  priorityRules,
  textRules,
  titleRules,
  toFormValues,
  toPayload,
} from './announcementForm';
import type { Announcement, AnnouncementFormValues } from './types';

/**
 * Add (`/announcements/create`) or edit (`/announcements/{id}`) an announcement: priority, title, text, an image
 * uploaded (or removed) once the announcement is saved, and whether it is active.
 */
export function AnnouncementDialog({ id }: { id?: number }) {
  const methods = useAppDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [attachment, setAttachment] = useState<AttachmentChange>(null);
  // The record EditBase loads (the same cached query): its current image.
  const { data: loaded } = useGetOne<Announcement>('announcements', { id: id ?? 0 }, { enabled: id !== undefined });

  /** png, jpg or jpeg only (campaigns §5): anything else is refused before it is sent. */
  const choose = (change: AttachmentChange) => {
    if (change && 'file' in change && !isAcceptedImageName(change.file.name)) {
      notify('announcements.form.attachmentType', { type: 'error' });
      return;
    }
    setAttachment(change);
  };

  /** The image goes once the announcement exists: uploaded or removed after the save. */
  const applyAttachment = async (saved: Announcement) => {
    if (attachment && 'file' in attachment) await methods.uploadAnnouncementMedia(saved.id, attachment.file);
    else if (attachment && 'remove' in attachment && attachmentOf(saved)) await methods.removeAnnouncementMedia(saved.id);
    else return;
    // The saved row in react-admin's cache predates the image.
    await queryClient.invalidateQueries({ queryKey: ['announcements'] });
  };

  return (
    <ResourceFormDialog<Announcement, AnnouncementFormValues>
      resource="announcements"
      listPath="/announcements"
      id={id}
      empty={NEW_ANNOUNCEMENT}
      toFormValues={toFormValues}
      transform={(values) => toPayload(values)}
      delaySubmit
      afterSave={applyAttachment}
    >
      <SelectInput source="priority" label="announcements.form.priority" choices={PRIORITY_CHOICES} validate={priorityRules} />
      <TextInput source="title" label="announcements.form.title" validate={titleRules} autoFocus autoComplete="off" />
      <TextInput source="text" label="announcements.form.text" validate={textRules} multiline minRows={4} maxRows={12} />
      <AttachmentField
        label="announcements.form.attachment"
        current={attachmentOf(loaded)}
        change={attachment}
        onChange={choose}
        accept={ANNOUNCEMENT_IMAGE_ACCEPT}
      />
      <SwitchInput source="status" label="announcements.form.status" helperText="announcements.form.statusHelp" />
    </ResourceFormDialog>
  );
}
