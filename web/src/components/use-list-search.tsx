import { useState } from 'react';
import { SearchInput } from './search-input';
import { useDebouncedValue } from './use-debounced-value';

/** A list's search box and page: a new search goes back to the first page. */
export function useListSearch(label: string) {
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const term = useDebouncedValue(search.trim());
  const input = (
    <SearchInput
      label={label}
      value={search}
      onChange={(e) => {
        setSearch(e.target.value);
        setOffset(0);
      }}
    />
  );
  return { term, offset, setOffset, input };
}
