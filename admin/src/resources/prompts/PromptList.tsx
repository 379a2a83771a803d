import { type Theme, useMediaQuery } from '@mui/material';
import { CreateButton, DataTable, List, TopToolbar, useRecordContext } from 'react-admin';
import { ListEmpty } from '../../components/ListEmpty';
import { PageHeader } from '../../components/PageHeader';
import { RecordRowActions } from '../../components/RecordRowActions';
import { useDialogRoute } from '../../hooks/useDialogRoute';
import { useLiveResource } from '../../realtime/useLiveResource';
import { AiCreditBanner } from './AiCreditBanner';
import { PromptDialog } from './PromptDialog';
import type { Prompt } from './types';

/** The page does not page (campaigns §7: GET /prompt): a company's prompts come in one answer. */
const WHOLE_LIST = 500;

/** Edit and delete, for those the rule table lets manage prompts (admins). */
function PromptActions() {
  const prompt = useRecordContext<Prompt>();
  return prompt ? <RecordRowActions catalog="prompts" name={prompt.name} /> : null;
}

/**
 * /prompts: react-admin's list of the company's AI prompts under the AI-credit banner, live through the `prompt`
 * topic, with the add and edit dialogs on /prompts/create and /prompts/{id}. Everyone reads; admins manage.
 */
export function PromptList() {
  // Phones keep the name, the queue and the actions; the token limit needs the width.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  useLiveResource('prompts', 'prompt');
  const { creating, editId } = useDialogRoute('/prompts');
  return (
    <>
      <PageHeader title="prompts.title" />
      <AiCreditBanner />
      <List<Prompt>
        resource="prompts"
        title="prompts.title"
        sort={{ field: 'name', order: 'ASC' }}
        perPage={WHOLE_LIST}
        pagination={false}
        disableSyncWithLocation
        actions={
          <TopToolbar>
            <CreateButton label="prompts.add" variant="contained" />
          </TopToolbar>
        }
        empty={false}
      >
        <DataTable<Prompt> rowClick={false} bulkActionButtons={false} empty={<ListEmpty message="prompts.empty" />}>
          <DataTable.Col source="name" label="prompts.columns.name" />
          <DataTable.Col source="queue.name" label="prompts.columns.queue" disableSort />
          {wide && <DataTable.Col source="maxTokens" label="prompts.columns.maxTokens" align="center" disableSort />}
          <DataTable.Col label="prompts.columns.actions" align="right" render={() => <PromptActions />} />
        </DataTable>
      </List>
      {creating && <PromptDialog />}
      {editId !== undefined && <PromptDialog id={editId} />}
    </>
  );
}
