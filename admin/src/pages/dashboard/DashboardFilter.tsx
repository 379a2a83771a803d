import FilterAltOutlined from '@mui/icons-material/FilterAltOutlined';
import { Box, Button, Card, CardContent, LinearProgress } from '@mui/material';
import { Form, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DayInput } from '../../components/DayInput';
import { filterErrors, type FilterValues, PERIOD_DAYS } from './dashboardFilter';
import { FilterSelect } from './FilterSelect';

interface DashboardFilterProps {
  defaultValues: FilterValues;
  loading: boolean;
  onFilter(values: FilterValues): void;
}

const field = { flex: '1 1 190px', maxWidth: { sm: 240 } } as const;

/** Filter type, then the period or the two days, and Filtrar. */
export function DashboardFilter({ defaultValues, loading, onFilter }: DashboardFilterProps) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ position: 'relative' }}>
      {loading && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} aria-label={translate('ra.page.loading')} />}
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Form
          id="dashboard-filter"
          noValidate
          defaultValues={defaultValues}
          validate={(values: Record<string, unknown>) => filterErrors(values as unknown as FilterValues)}
          onSubmit={(values: Record<string, unknown>) => onFilter(values as unknown as FilterValues)}
        >
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 2 }}>
            <Box sx={field}>
              <FilterSelect
                source="filterType"
                label={translate('dashboard.filter.type')}
                options={[
                  { value: 'date', label: translate('dashboard.filter.byDate') },
                  { value: 'period', label: translate('dashboard.filter.byPeriod') },
                ]}
              />
            </Box>
            <RangeInputs />
            <Button type="submit" variant="contained" disabled={loading} startIcon={<FilterAltOutlined />} sx={{ mt: 1, height: 40, flex: '0 0 auto' }}>
              {translate('dashboard.filter.submit')}
            </Button>
          </Box>
        </Form>
      </CardContent>
    </Card>
  );
}

/** The period select or the two days, as the filter type says. */
function RangeInputs() {
  const translate = useTranslate();
  const filterType = useWatch({ name: 'filterType' }) as FilterValues['filterType'];
  if (filterType === 'period') {
    return (
      <Box sx={field}>
        <FilterSelect
          source="period"
          label={translate('dashboard.filter.period')}
          options={[
            { value: 0, label: translate('dashboard.filter.periodNone') },
            ...PERIOD_DAYS.map((days) => ({ value: days, label: translate('dashboard.filter.lastDays', { days }) })),
          ]}
        />
      </Box>
    );
  }
  return (
    <>
      <Box sx={field}>
        <DayInput source="dateFrom" label="dashboard.filter.dateFrom" helperText={false} />
      </Box>
      <Box sx={field}>
        <DayInput source="dateTo" label="dashboard.filter.dateTo" helperText={false} />
      </Box>
    </>
  );
}
