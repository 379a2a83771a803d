import { DataTable } from 'react-admin';
import { PLAN_FLAGS } from '../../../../../src/shared/plan-flags';
import { CatalogText } from '../resourceTab/CatalogText';
import { formatBRL } from './money';
import type { PlanRecord } from './types';

const Col = DataTable.Col<PlanRecord>;
const nowrap = { whiteSpace: 'nowrap' } as const;

/** Name, limits, value and one yes/no column per module (the API sorts by the first five). */
export const planColumns = [
  <Col key="name" source="name" label="plans.columns.name" sx={nowrap} />,
  <Col key="users" source="users" label="plans.columns.users" align="right" />,
  <Col key="connections" source="connections" label="plans.columns.connections" align="right" />,
  <Col key="queues" source="queues" label="plans.columns.queues" align="right" />,
  <Col key="value" source="value" label="plans.columns.value" align="right" sx={nowrap} render={(plan) => formatBRL(plan.value)} />,
  ...PLAN_FLAGS.map((flag) => (
    <Col
      key={flag}
      source={flag}
      label={`plans.columns.${flag}`}
      disableSort
      render={(plan) => <CatalogText text={`plans.flag.${plan[flag] === false ? 'no' : 'yes'}`} />}
    />
  )),
];
