import type { ReactElement } from 'react';
import { SearchBox } from './search-box';
import type { SearchBoxProps } from './search-box';
import { StatusFilter } from './status-filter';
import type { StatusFilterProps } from './status-filter';

type Props<Status extends string> = {
  /** The list searched and filtered: its search text and status show in the toolbar. */
  list: { search: string; status: Status | '' };
  search: Omit<SearchBoxProps, 'value'>;
  filter: Omit<StatusFilterProps<Status>, 'value'>;
  onRefresh: () => void;
};

/** The toolbar of a list that fills by itself (orders, the outbox): search, status filter and Refresh. */
export function RefreshableToolbar<Status extends string>({
  list,
  search,
  filter,
  onRefresh,
}: Props<Status>): ReactElement {
  return (
    <div className="toolbar orders-toolbar">
      <SearchBox {...search} value={list.search} />
      <StatusFilter {...filter} value={list.status} />
      <button type="button" className="button button-secondary" onClick={onRefresh}>
        Refresh
      </button>
    </div>
  );
}
