import { Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { DataTable } from 'react-admin';
import { formatDate } from '../../../formatDate';
import { CatalogText } from '../resourceTab/CatalogText';
import type { RowProps } from '../resourceTab/RowPropsBody';
import { dueDay } from './companyForm';
import { dueDateTint, TINT_COLORS } from './dueDateTint';
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
        {formatDate(dueDay(company.dueDate))}
        <Typography variant="caption" component="div" color="text.secondary">
          <CatalogText text={`companies.recurrences.${company.recurrence}`} />
        </Typography>
      </>
    )}
  />,
];

/** Tints a row by how close its due date is; `data-due-tint` names the band. */
export const companyRowProps: RowProps<Company> = (company) => {
  const tint = dueDateTint(company.dueDate);
  if (!tint) return {};
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
