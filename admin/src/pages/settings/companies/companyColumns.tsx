import { Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { Column, ResourceTableProps } from '../../../components/ResourceTable';
import { formatDate } from '../../../formatDate';
import { CatalogText } from '../records/CatalogText';
import { dueDay } from './companyForm';
import { dueDateTint, TINT_COLORS } from './dueDateTint';
import { formatPhone } from './formatPhone';
import type { Company } from './types';

const nowrap = { sx: { whiteSpace: 'nowrap' } } as const;

/** #, name, email, phone, plan, campaigns, status, created at, due date with recurrence. */
export const COMPANY_COLUMNS: Column<Company>[] = [
  { source: 'id' },
  { source: 'name' },
  { source: 'email', render: (company) => company.email ?? '' },
  { source: 'phone', render: (company) => formatPhone(company.phone), cellProps: nowrap },
  { source: 'plan', render: (company) => company.plan?.name ?? '' },
  {
    source: 'campaignsEnabled',
    render: (company) => <CatalogText text={`companies.campaigns.${company.campaignsEnabled ? 'enabled' : 'disabled'}`} />,
  },
  { source: 'status', render: (company) => <CatalogText text={`companies.status.${company.status}`} /> },
  { source: 'createdAt', render: (company) => formatDate(company.createdAt), cellProps: nowrap },
  {
    source: 'dueDate',
    cellProps: nowrap,
    render: (company) => (
      <>
        {formatDate(dueDay(company.dueDate))}
        <Typography variant="caption" component="div" color="text.secondary">
          <CatalogText text={`companies.recurrences.${company.recurrence}`} />
        </Typography>
      </>
    ),
  },
];

/** Tints a row by how close its due date is; `data-due-tint` names the band. */
export const companyRowProps: ResourceTableProps<Company>['rowProps'] = (company) => {
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
