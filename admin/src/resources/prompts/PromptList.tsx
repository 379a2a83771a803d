import Add from '@mui/icons-material/Add';
import { Box, Button, Paper } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { ResourceTable } from '../../components/ResourceTable';
import { useAccess } from '../../hooks/useAccess';
import { useNotifyError } from '../../hooks/useNotifyError';
import { api } from '../../providers/httpClient';
import { AiCreditBanner } from './AiCreditBanner';
import { PROMPT_COLUMNS } from './promptColumns';
import { PromptDialog } from './PromptDialog';
import type { Prompt } from './types';
import { usePrompts } from './usePrompts';

const nameOf = (prompt: Prompt) => prompt.name;

/** /prompts: the company's AI prompts, live, with the add-or-edit dialog and a confirmation before a delete. */
export function PromptList() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const list = usePrompts();
  // Everyone may read the list; admins manage it.
  const manage = useAccess()?.ability.can('manage', 'Prompt') ?? false;
  const [editing, setEditing] = useState<{ record?: Prompt } | null>(null);
  const [deleting, setDeleting] = useState<Prompt | null>(null);

  const remove = async (prompt: Prompt) => {
    try {
      await api.delete(`/prompt/${prompt.id}`);
      list.remove(prompt.id);
      notify('prompts.deleted', { type: 'success' });
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Box>
      <PageHeader title="prompts.title">
        {manage && (
          <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({})}>
            {translate('prompts.add')}
          </Button>
        )}
      </PageHeader>
      <AiCreditBanner />
      <Paper variant="outlined" sx={{ maxHeight: 'calc(100vh - 280px)', overflow: 'auto' }}>
        <ResourceTable<Prompt>
          resource="prompts"
          recordName="prompt"
          columns={PROMPT_COLUMNS}
          records={list.records}
          loading={list.loading}
          nameOf={nameOf}
          onEdit={manage ? (record) => setEditing({ record }) : undefined}
          onDelete={manage ? setDeleting : undefined}
        />
      </Paper>
      {editing && <PromptDialog record={editing.record} onClose={() => setEditing(null)} onSaved={list.upsert} />}
      <ConfirmDialog
        open={deleting !== null}
        title={translate('prompts.deleteTitle', { name: deleting ? nameOf(deleting) : undefined })}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      >
        {translate('prompts.deleteMessage')}
      </ConfirmDialog>
    </Box>
  );
}
