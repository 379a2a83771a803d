import { PLAN_FLAGS } from '../../../../../src/shared/plan-flags';
import type { Column } from '../../../components/ResourceTable';
import { CatalogText } from '../records/CatalogText';
import { formatBRL } from './money';
import type { PlanRecord } from './types';

const right = { align: 'right' } as const;

/** Name, limits, value and one yes/no column per module. */
export const PLAN_COLUMNS: Column<PlanRecord>[] = [
  { source: 'name', cellProps: { sx: { whiteSpace: 'nowrap' } } },
  { source: 'users', cellProps: right },
  { source: 'connections', cellProps: right },
  { source: 'queues', cellProps: right },
  { source: 'value', render: (plan) => formatBRL(plan.value), cellProps: { align: 'right', sx: { whiteSpace: 'nowrap' } } },
  ...PLAN_FLAGS.map(
    (flag): Column<PlanRecord> => ({
      source: flag,
      render: (plan) => <CatalogText text={`plans.flag.${plan[flag] === false ? 'no' : 'yes'}`} />,
    }),
  ),
];
