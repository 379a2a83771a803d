import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { Avatar, Box, Button, ButtonBase, Collapse, TextField, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslate } from 'react-admin';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RowAction } from '../../../components/RowAction';
import { OptionAttachment } from './OptionAttachment';
import type { OptionDraft, OptionItem } from './types';

interface OptionNodeProps {
  item: OptionItem;
  /** '1', '1.2'…: where the option sits in the tree. */
  path: string;
  onSave(item: OptionItem, draft: OptionDraft): Promise<boolean>;
  onRemove(item: OptionItem): Promise<void>;
  /** Loads the option again once its file changed. */
  onMedia(): Promise<unknown>;
  /** The level below a saved option, mounted (and so loaded) the first time the option is opened. */
  renderChildren(id: number, path: string): ReactNode;
}

/**
 * One option: its number and title; clicking it opens its message, its file and the options below it. A new option
 * starts with editing off (administration §2).
 */
export function OptionNode({ item, path, onSave, onRemove, onMedia, renderChildren }: OptionNodeProps) {
  const translate = useTranslate();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<OptionDraft>({ title: item.title, message: item.message });
  const [expanded, setExpanded] = useState(false);
  const [opened, setOpened] = useState(false);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const title = item.title || translate('queues.options.untitled');

  const toggle = () => {
    setExpanded((open) => !open);
    setOpened(true);
  };
  const startEditing = () => {
    setDraft({ title: item.title, message: item.message });
    setEditing(true);
  };
  const save = async () => {
    if (!draft.title.trim()) return;
    setSaving(true);
    const saved = await onSave(item, draft);
    setSaving(false);
    if (saved) setEditing(false);
  };

  return (
    <Box data-option-path={path} sx={{ py: 0.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <ButtonBase
          onClick={toggle}
          aria-expanded={expanded}
          sx={{ flex: 1, minWidth: 0, justifyContent: 'flex-start', gap: 1, borderRadius: 1, px: 0.5, py: 0.5, textAlign: 'left' }}
        >
          {expanded ? <ExpandMore fontSize="small" color="action" /> : <ChevronRight fontSize="small" color="action" />}
          <Avatar sx={{ width: 26, height: 26, fontSize: 13, bgcolor: 'primary.main' }}>{item.option}</Avatar>
          <Typography noWrap color={item.title ? 'text.primary' : 'text.secondary'} sx={{ fontStyle: item.title ? 'normal' : 'italic', pr: 0.5 }}>
            {title}
          </Typography>
        </ButtonBase>
        {!editing && (
          <RowAction label={translate('queues.options.edit', { title })} onClick={startEditing}>
            <EditOutlined fontSize="small" />
          </RowAction>
        )}
        <RowAction label={translate('queues.options.delete', { title })} color="error" onClick={() => (item.id ? setConfirming(true) : void onRemove(item))}>
          <DeleteOutlined fontSize="small" />
        </RowAction>
      </Box>

      {editing && (
        <Box sx={{ pl: 5, pt: 1, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <TextField
            label={translate('queues.options.title')}
            value={draft.title}
            onChange={(event) => setDraft((current) => ({ ...current, title: event.target.value }))}
            onKeyDown={(event) => {
              // Enter saves the option, not the queue's form around it.
              if (event.key === 'Enter') {
                event.preventDefault();
                void save();
              }
            }}
            error={!draft.title.trim()}
            helperText={draft.title.trim() ? undefined : translate('validation.required')}
            slotProps={{ htmlInput: { maxLength: 100 } }}
            autoFocus
            size="small"
          />
          <TextField
            label={translate('queues.options.message')}
            value={draft.message}
            onChange={(event) => setDraft((current) => ({ ...current, message: event.target.value }))}
            multiline
            minRows={2}
            maxRows={8}
            size="small"
          />
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
            <Button size="small" onClick={() => setEditing(false)}>
              {translate('common.cancel')}
            </Button>
            <Button size="small" variant="contained" disabled={saving || !draft.title.trim()} onClick={() => void save()}>
              {translate('queues.options.save')}
            </Button>
          </Box>
        </Box>
      )}

      <Collapse in={expanded} unmountOnExit={!opened}>
        <Box sx={{ pl: 5, pt: 0.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
          {!editing && (
            <Typography variant="body2" color={item.message ? 'text.primary' : 'text.secondary'} sx={{ whiteSpace: 'pre-wrap' }}>
              {item.message || translate('queues.options.noMessage')}
            </Typography>
          )}
          {item.id ? (
            <>
              <OptionAttachment item={{ ...item, id: item.id }} onChange={onMedia} />
              {opened && renderChildren(item.id, path)}
            </>
          ) : (
            <Typography variant="caption" color="text.secondary">
              {translate('queues.options.saveFirst')}
            </Typography>
          )}
        </Box>
      </Collapse>

      <ConfirmDialog
        open={confirming}
        title={translate('queues.options.deleteTitle', { title })}
        onClose={() => setConfirming(false)}
        onConfirm={() => void onRemove(item)}
      >
        {translate('queues.options.deleteMessage')}
      </ConfirmDialog>
    </Box>
  );
}
