import PermMediaOutlined from '@mui/icons-material/PermMediaOutlined';
import { IconButton, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { useId, useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import type { FileListResponse } from '../../../../src/shared/campaign-api-types';

/** Lists the menu offers at once (a company keeps a handful). */
const MENU_SIZE = 100;

interface FileListPickerProps {
  disabled: boolean;
  onPick(list: FileListResponse): void;
}

/** The input's file-list button: a menu of the company's file lists; picking one sends it into the conversation. */
export function FileListPicker({ disabled, onPick }: FileListPickerProps) {
  const translate = useTranslate();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data, isPending } = useGetList<FileListResponse>(
    'files',
    { pagination: { page: 1, perPage: MENU_SIZE }, sort: { field: 'name', order: 'ASC' } },
    { enabled: anchor !== null },
  );
  const label = translate('tickets.input.fileList');
  return (
    <>
      <Tooltip title={label}>
        <span>
          <IconButton
            aria-label={label}
            aria-haspopup="menu"
            aria-controls={anchor ? menuId : undefined}
            disabled={disabled}
            onClick={(event) => setAnchor(event.currentTarget)}
          >
            <PermMediaOutlined />
          </IconButton>
        </span>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {isPending && <MenuItem disabled>{translate('tickets.input.fileListLoading')}</MenuItem>}
        {!isPending && !data?.length && <MenuItem disabled>{translate('tickets.input.fileListEmpty')}</MenuItem>}
        {data?.map((list) => (
          <MenuItem
            key={list.id}
            data-file-list-id={list.id}
            onClick={() => {
              setAnchor(null);
              onPick(list);
            }}
          >
            <ListItemText
              primary={list.name}
              secondary={translate('files.optionsCount', { smart_count: list.options.length, files: list.options.filter((o) => o.path).length })}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
