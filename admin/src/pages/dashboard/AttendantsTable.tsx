import { Card, CardHeader, Skeleton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatMinutes } from './formatMinutes';
import { OnlineStatus } from './OnlineStatus';
import { RatingCell } from './RatingCell';
import type { Attendant } from './types';

const COLUMNS = ['name', 'rating', 'avgSupportTime', 'online'] as const;

/** The company's attendants with their rating and average support time in the range, and whether they are online now. */
export function AttendantsTable({ attendants }: { attendants: Attendant[] | undefined }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardHeader title={translate('dashboard.attendants.title')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <TableContainer>
        {/* On phones the four columns share the width (headers may wrap, never cut off by a sideways scroll). */}
        <Table
          size="small"
          aria-label={translate('dashboard.attendants.title')}
          sx={{ minWidth: { sm: 560 }, '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } }, '& .MuiTableCell-root:first-of-type': { pl: 2 } }}
        >
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell key={column}>{translate(`dashboard.attendants.columns.${column}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {!attendants ? (
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableCell key={column}>
                    <Skeleton />
                  </TableCell>
                ))}
              </TableRow>
            ) : attendants.length === 0 ? (
              <TableRow>
                <TableCell colSpan={COLUMNS.length} align="center" sx={{ color: 'text.secondary', py: 3 }}>
                  {translate('dashboard.attendants.empty')}
                </TableCell>
              </TableRow>
            ) : (
              attendants.map((attendant) => (
                <TableRow key={attendant.id} data-attendant-id={attendant.id}>
                  <TableCell>{attendant.name}</TableCell>
                  <TableCell>
                    <RatingCell rating={attendant.rating} />
                  </TableCell>
                  <TableCell>{formatMinutes(attendant.avgSupportTime)}</TableCell>
                  <TableCell>
                    <OnlineStatus online={attendant.online} />
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
}
