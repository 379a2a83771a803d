import Add from '@mui/icons-material/Add';
import CheckBoxOutlined from '@mui/icons-material/CheckBoxOutlined';
import MoveToInboxOutlined from '@mui/icons-material/MoveToInboxOutlined';
import Search from '@mui/icons-material/Search';
import { Badge, Box, Button, FormControlLabel, InputAdornment, Paper, Switch, Tab, Tabs, TextField } from '@mui/material';
import { useState } from 'react';
import { useStore, useTranslate } from 'react-admin';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { SEARCH_DEBOUNCE_MS } from './constants';
import { NewTicketDialog } from './NewTicketDialog';
import { TagFilter } from './TagFilter';
import { TicketList } from './TicketList';
import { UserFilter } from './UserFilter';
import { useAgent } from './useAgent';
import { useTicketCounts } from './useTicketCounts';

type MainTab = 'open' | 'closed' | 'search';
type OpenTab = 'open' | 'pending';

const tabSx = { minHeight: 48, flex: 1, minWidth: 0, fontSize: 13 } as const;

/** The left panel: tabs open (Atendendo / Aguardando), closed and search, with filters and the new-ticket dialog. */
export function TicketsManager({ compact }: { compact: boolean }) {
  const translate = useTranslate();
  const agent = useAgent();
  const [tab, setTab] = useStore<MainTab>('tickets.tab', 'open');
  const [openTab, setOpenTab] = useStore<OpenTab>('tickets.openTab', 'open');
  // 'show all' is on by default for those who may use it (core §6).
  const [showAllChoice, setShowAll] = useStore<boolean>('tickets.showAll', true);
  const showAll = Boolean(agent?.canShowAll && showAllChoice);
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [tags, setTags] = useState<number[]>([]);
  const [users, setUsers] = useState<number[]>([]);
  const [creating, setCreating] = useState(false);
  const counts = useTicketCounts(showAll);

  return (
    <Paper variant="outlined" sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, overflow: 'hidden' }}>
      <Tabs value={tab} onChange={(_, value: MainTab) => setTab(value)} variant="fullWidth" aria-label={translate('tickets.tabs.label')}>
        <Tab value="open" icon={<MoveToInboxOutlined />} iconPosition="start" label={translate('tickets.tabs.open')} sx={tabSx} />
        <Tab value="closed" icon={<CheckBoxOutlined />} iconPosition="start" label={translate('tickets.tabs.closed')} sx={tabSx} />
        <Tab value="search" icon={<Search />} iconPosition="start" label={translate('tickets.tabs.search')} sx={tabSx} />
      </Tabs>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 1, borderTop: 1, borderBottom: 1, borderColor: 'divider' }}>
        {tab === 'search' ? (
          <TextField
            type="search"
            autoFocus
            margin="none"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={translate('tickets.search.placeholder')}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search color="action" />
                  </InputAdornment>
                ),
              },
              htmlInput: { 'aria-label': translate('tickets.search.placeholder') },
            }}
          />
        ) : (
          <>
            <Button variant="contained" size="small" startIcon={<Add />} onClick={() => setCreating(true)}>
              {translate('tickets.new')}
            </Button>
            <Box sx={{ flex: 1 }} />
            {agent?.canShowAll && (
              <FormControlLabel
                label={translate('tickets.showAll')}
                labelPlacement="start"
                control={<Switch size="small" checked={showAll} onChange={(event) => setShowAll(event.target.checked)} />}
                slotProps={{ typography: { variant: 'body2' } }}
              />
            )}
          </>
        )}
      </Box>
      {tab === 'open' && (
        <Tabs
          value={openTab}
          onChange={(_, value: OpenTab) => setOpenTab(value)}
          variant="fullWidth"
          aria-label={translate('tickets.tabs.openLabel')}
          sx={{ minHeight: 40, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="open" sx={{ minHeight: 40 }} label={<CountLabel label={translate('tickets.tabs.assigned')} count={counts?.open} color="primary" />} />
          <Tab
            value="pending"
            sx={{ minHeight: 40 }}
            label={<CountLabel label={translate('tickets.tabs.pending')} count={counts?.pending} color="warning" />}
          />
        </Tabs>
      )}
      {tab === 'search' && (
        <Box sx={{ display: 'flex', gap: 1, px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap' }}>
          <TagFilter value={tags} onChange={setTags} />
          {agent?.isAdmin && <UserFilter value={users} onChange={setUsers} />}
        </Box>
      )}
      {tab === 'open' && <TicketList key={`open-${openTab}`} status={openTab} showAll={showAll} compact={compact} />}
      {tab === 'closed' && <TicketList key="closed" status="closed" showAll={showAll} compact={compact} />}
      {tab === 'search' && <TicketList key="search" searchParam={searchParam} tags={tags} users={users} showAll={showAll} compact={compact} />}
      {creating && <NewTicketDialog onClose={() => setCreating(false)} />}
    </Paper>
  );
}

function CountLabel({ label, count, color }: { label: string; count: number | undefined; color: 'primary' | 'warning' }) {
  return (
    <Badge badgeContent={count ?? 0} color={color} max={999} sx={{ '& .MuiBadge-badge': { right: -14, top: 2 } }}>
      <span>{label}</span>
    </Badge>
  );
}
