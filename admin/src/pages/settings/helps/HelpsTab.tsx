import type { Help } from '../../helps/types';
import { RecordManager } from '../records/RecordManager';
import { useRecordList } from '../../../hooks/useRecordList';
import { HELP_COLUMNS } from './helpColumns';
import { type HelpFormValues, NEW_HELP, toFormValues, toPayload } from './helpForm';
import { HelpInputs } from './HelpInputs';

const nameOf = (help: Help) => help.title;

/** Ajuda (super users): the videos of the help gallery (/helps). */
export function HelpsTab() {
  const helps = useRecordList<Help>('/helps/list');
  return (
    <RecordManager<Help, HelpFormValues>
      resource="helps"
      recordName="help"
      path="/helps"
      list={helps}
      empty={NEW_HELP}
      toFormValues={toFormValues}
      toPayload={toPayload}
      columns={HELP_COLUMNS}
      nameOf={nameOf}
      renderInputs={() => <HelpInputs />}
    />
  );
}
