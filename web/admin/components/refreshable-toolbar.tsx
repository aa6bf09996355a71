import type { ReactElement } from 'react';
import { SearchBox } from './search-box';
import type { SearchBoxProps } from './search-box';
import { StatusFilter } from './status-filter';
import type { StatusFilterProps } from './status-filter';

type Props<Status extends string> = {
  search: SearchBoxProps;
  filter: StatusFilterProps<Status>;
  onRefresh: () => void;
};

/** The toolbar of a list that fills by itself (orders, the outbox): search, status filter and Refresh. */
export function RefreshableToolbar<Status extends string>({ search, filter, onRefresh }: Props<Status>): ReactElement {
  return (
    <div className="toolbar orders-toolbar">
      <SearchBox {...search} />
      <StatusFilter {...filter} />
      <button type="button" className="button button-secondary" onClick={onRefresh}>
        Refresh
      </button>
    </div>
  );
}
