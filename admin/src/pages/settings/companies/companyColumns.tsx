import { Chip, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { DataTable, useTranslate } from 'react-admin';
import { formatDate } from '../../../formatDate';
import { CatalogText } from '../resourceTab/CatalogText';
import type { RowProps } from '../resourceTab/RowPropsBody';
import { formatDueDate } from '../../../dueDate';
import { dueDateTint, overdueDays, TINT_COLORS } from './dueDateTint';
import { formatPhone } from './formatPhone';
import type { Company } from './types';

const nowrap = { whiteSpace: 'nowrap' } as const;
const Col = DataTable.Col<Company>;

/** #, name, email, phone, plan, campaigns, status, created at, due date with recurrence (sortable where the API sorts). */
export const companyColumns = [
  <Col key="id" source="id" label="companies.columns.id" />,
  <Col key="name" source="name" label="companies.columns.name" />,
  <Col key="email" source="email" label="companies.columns.email" />,
  <Col key="phone" source="phone" label="companies.columns.phone" sx={nowrap} render={(company) => formatPhone(company.phone)} />,
  <Col key="plan" source="planId" label="companies.columns.plan" disableSort render={(company) => company.plan?.name ?? ''} />,
  <Col
    key="campaignsEnabled"
    source="campaignsEnabled"
    label="companies.columns.campaignsEnabled"
    disableSort
    render={(company) => <CatalogText text={`companies.campaigns.${company.campaignsEnabled ? 'enabled' : 'disabled'}`} />}
  />,
  <Col key="status" source="status" label="companies.columns.status" render={(company) => <CatalogText text={`companies.status.${company.status}`} />} />,
  <Col key="createdAt" source="createdAt" label="companies.columns.createdAt" sx={nowrap} render={(company) => formatDate(company.createdAt)} />,
  <Col
    key="dueDate"
    source="dueDate"
    label="companies.columns.dueDate"
    sx={nowrap}
    render={(company) => (
      <>
        <OverdueAware dueDate={company.dueDate} timeZone={company.timezone} />
        <Typography variant="caption" component="div" color="text.secondary">
          <CatalogText text={`companies.recurrences.${company.recurrence}`} />
        </Typography>
      </>
    )}
  />,
];

/** The due date; past the spec's red band it is shown in red with how long it has been overdue. */
function OverdueAware({ dueDate, timeZone }: { dueDate: string | null; timeZone: string }) {
  const translate = useTranslate();
  const days = overdueDays(dueDate, new Date(), timeZone);
  if (days === undefined) return <>{formatDueDate(dueDate)}</>;
  return (
    <Typography component="span" variant="body2" color="error" sx={{ fontWeight: 700, display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      {formatDueDate(dueDate)}
      <Chip size="small" color="error" label={translate('billing.overdue', { smart_count: days })} />
    </Typography>
  );
}

/**
 * Tints a row by how close its due date is; `data-due-tint` names the band. Beyond the red band the spec has no tint,
 * yet an overdue company must stand out: a red edge (`data-overdue`) and the red due date above.
 */
export const companyRowProps: RowProps<Company> = (company) => {
  const tint = dueDateTint(company.dueDate, new Date(), company.timezone);
  if (!tint) {
    if (overdueDays(company.dueDate, new Date(), company.timezone) === undefined) return {};
    return { 'data-overdue': 'true', sx: (theme) => ({ boxShadow: `inset 4px 0 0 ${theme.palette.error.main}` }) };
  }
  const color = TINT_COLORS[tint];
  return {
    'data-due-tint': tint,
    sx: (theme) => {
      const backgroundColor = theme.palette.mode === 'dark' ? alpha(color, 0.3) : color;
      // The tint stays on the picked row, which an edge marks instead.
      return {
        backgroundColor,
        '&.Mui-selected, &.Mui-selected:hover': { backgroundColor, boxShadow: `inset 4px 0 0 ${theme.palette.primary.main}` },
      };
    },
  };
};
