import Add from '@mui/icons-material/Add';
import { Box, Button, Skeleton } from '@mui/material';
import { useTranslate } from 'react-admin';
import { OptionNode } from './OptionNode';
import { useOptionLevel } from './useOptionLevel';

interface OptionLevelListProps {
  queueId: number;
  /** The option this level hangs from; null for the top level. */
  parentId: number | null;
  /** The parent's place in the tree ('' at the top). */
  path: string;
}

/** One level of the options tree: its options in order and a button that adds one. */
export function OptionLevelList({ queueId, parentId, path }: OptionLevelListProps) {
  const translate = useTranslate();
  const level = useOptionLevel(queueId, parentId);
  const nested = parentId !== null;

  return (
    <Box
      role="group"
      aria-label={translate(nested ? 'queues.options.subLevel' : 'queues.options.heading')}
      sx={nested ? { borderLeft: 2, borderColor: 'divider', pl: 1.5, ml: 0.5 } : undefined}
    >
      {level.loading && <Skeleton width="60%" />}
      {level.items.map((item) => {
        const here = path ? `${path}.${item.option}` : String(item.option);
        return (
          <OptionNode
            key={item.key}
            item={item}
            path={here}
            onSave={level.save}
            onRemove={level.remove}
            onMedia={level.reload}
            renderChildren={(id, childPath) => <OptionLevelList queueId={queueId} parentId={id} path={childPath} />}
          />
        );
      })}
      <Button size="small" startIcon={<Add />} onClick={level.add} disabled={level.loading} sx={{ mt: 0.5 }}>
        {translate(nested ? 'queues.options.addChild' : 'queues.options.add')}
      </Button>
    </Box>
  );
}
