import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import HeadsetMicOutlined from '@mui/icons-material/HeadsetMicOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import PhonelinkRingOutlined from '@mui/icons-material/PhonelinkRingOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import WatchLaterOutlined from '@mui/icons-material/WatchLaterOutlined';
import { Box } from '@mui/material';
import { CounterCard, type CounterCardProps } from './CounterCard';
import { formatMinutes } from './formatMinutes';
import type { DashboardCounters } from './types';

interface CounterCardsProps {
  counters: DashboardCounters | undefined;
  /** Super users also see the platform's active connections and companies. */
  isSuper: boolean;
}

type Counter = Omit<CounterCardProps, 'value'> & { format(counters: DashboardCounters): string };

const count = (name: keyof DashboardCounters) => (counters: DashboardCounters) => String(counters[name] ?? 0);
const minutes = (name: 'avgSupportTime' | 'avgWaitTime') => (counters: DashboardCounters) => formatMinutes(counters[name]);

const PLATFORM: Counter[] = [
  { name: 'totalWhatsappSessions', icon: PhonelinkRingOutlined, color: '#00796b', format: count('totalWhatsappSessions') },
  { name: 'totalCompanies', icon: ApartmentOutlined, color: '#5e35b1', format: count('totalCompanies') },
];

const COMPANY: Counter[] = [
  { name: 'supportHappening', icon: HeadsetMicOutlined, color: '#1565c0', format: count('supportHappening') },
  { name: 'supportPending', icon: HourglassEmptyOutlined, color: '#ef6c00', format: count('supportPending') },
  { name: 'supportFinished', icon: TaskAltOutlined, color: '#2e7d32', format: count('supportFinished') },
  { name: 'avgSupportTime', icon: TimerOutlined, color: '#00838f', format: minutes('avgSupportTime') },
  { name: 'avgWaitTime', icon: WatchLaterOutlined, color: '#c62828', format: minutes('avgWaitTime') },
];

/** The counters as cards that wrap: as many per row as fit, two on a phone. */
export function CounterCards({ counters, isSuper }: CounterCardsProps) {
  const shown = isSuper ? [...PLATFORM, ...COMPANY] : COMPANY;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(210px, 1fr))' },
        gap: { xs: 1.5, sm: 2 },
      }}
    >
      {shown.map(({ format, ...counter }) => (
        <CounterCard key={counter.name} {...counter} value={counters && format(counters)} />
      ))}
    </Box>
  );
}
