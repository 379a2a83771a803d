import { DataTable } from 'react-admin';
import type { Help } from '../../helps/types';

const Col = DataTable.Col<Help>;
const clamp = { maxWidth: 480, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** Title, description and video code (the API sorts by title). */
export const helpColumns = [
  <Col key="title" source="title" label="helps.columns.title" />,
  <Col key="description" source="description" label="helps.columns.description" disableSort sx={clamp} />,
  <Col key="video" source="video" label="helps.columns.video" disableSort />,
];
