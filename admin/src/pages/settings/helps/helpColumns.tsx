import type { Column } from '../../../components/ResourceTable';
import type { Help } from '../../helps/types';

const clamp = { sx: { maxWidth: 480, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } } as const;

/** Title, description and video code. */
export const HELP_COLUMNS: Column<Help>[] = [
  { source: 'title' },
  { source: 'description', render: (help) => help.description ?? '', cellProps: clamp },
  { source: 'video', render: (help) => help.video ?? '' },
];
