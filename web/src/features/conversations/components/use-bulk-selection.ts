import { useState } from 'react';

/**
 * The rows chosen for a bulk action: some ids, or every conversation matching the filters ("Select all N
 * matching", the filter and not the page). A new filter (`scope`) starts with nothing chosen.
 */
export function useBulkSelection(pageIds: number[], scope: string) {
  const [state, setState] = useState({ scope, ids: new Set<number>(), allMatching: false });
  const current = state.scope === scope ? state : { scope, ids: new Set<number>(), allMatching: false };
  const set = (ids: Set<number>, allMatching = false) => setState({ scope, ids, allMatching });
  const pageSelected = pageIds.length > 0 && pageIds.every((id) => current.ids.has(id));
  return {
    ids: current.ids,
    allMatching: current.allMatching,
    count: current.ids.size,
    pageSelected,
    has: (id: number) => current.allMatching || current.ids.has(id),
    toggle: (id: number, on: boolean) => {
      const next = new Set(current.ids);
      if (on) next.add(id);
      else next.delete(id);
      set(next);
    },
    togglePage: (on: boolean) => {
      const next = new Set(current.ids);
      for (const id of pageIds) {
        if (on) next.add(id);
        else next.delete(id);
      }
      set(next);
    },
    selectAllMatching: () => set(new Set(pageIds), true),
    clear: () => set(new Set()),
  };
}

export type BulkSelection = ReturnType<typeof useBulkSelection>;
