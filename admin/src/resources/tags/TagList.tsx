import { PagedListPage } from '../../components/PagedListPage';
import { TagDialog } from './TagDialog';
import { TAG_COLUMNS } from './tagColumns';
import type { Tag } from './types';

/** `company-{id}-tag`: `{ action: 'create' | 'update', tag }` / `{ action: 'delete', tagId }`. */
const LIVE = { topic: 'tag' };
const nameOf = (tag: Tag) => tag.name;

/** /tags: searchable, infinitely scrolled, live-updated list of the company's tags. */
export function TagList() {
  return (
    <PagedListPage<Tag>
      resource="tags"
      path="/tags"
      recordsKey="tags"
      live={LIVE}
      recordName="tag"
      columns={TAG_COLUMNS}
      nameOf={nameOf}
      renderDialog={({ record, onClose, onSaved }) => <TagDialog tag={record} onClose={onClose} onSaved={onSaved} />}
    />
  );
}
