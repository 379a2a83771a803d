import { Divider } from '@mui/material';
import type { Help } from '../../helps/types';
import { InlineResourceForm } from '../resourceTab/InlineResourceForm';
import { ResourceTabList } from '../resourceTab/ResourceTabList';
import { useFormRecord } from '../resourceTab/useFormRecord';
import { helpColumns } from './helpColumns';
import { type HelpFormValues, NEW_HELP, toFormValues, toPayload } from './helpForm';
import { HelpInputs } from './HelpInputs';

const nameOf = (help: Help) => help.title;
const BY_TITLE = { field: 'title', order: 'ASC' } as const;

/** Ajuda (super users): the `helps` resource, the videos of the help gallery (/helps). */
export function HelpsTab() {
  const form = useFormRecord<Help>();
  return (
    <>
      <InlineResourceForm<Help, HelpFormValues>
        key={form.key}
        resource="helps"
        id={form.id}
        empty={NEW_HELP}
        toFormValues={toFormValues}
        toPayload={toPayload}
        nameOf={nameOf}
        onDone={form.clear}
      >
        <HelpInputs />
      </InlineResourceForm>
      <Divider sx={{ mt: 3, mb: 1 }} />
      <ResourceTabList<Help> resource="helps" recordName="help" sort={BY_TITLE} selectedId={form.id} onSelect={form.pick}>
        {helpColumns}
      </ResourceTabList>
    </>
  );
}
