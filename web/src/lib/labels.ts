import type { CreateLabelBody, Label, LabelRef, UpdateLabelBody } from '@inbox/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useWrite } from '@/lib/use-write';

/**
 * The company's labels (contract section 13), read by the inbox, the customer pages, reports and Admin →
 * Labels alike: one cache, which the event stream refreshes when the list changes (`label.*` events).
 */
export const labelKeys = {
  all: (cid: number) => ['company', cid, 'labels'] as const,
};

export const labelsQuery = (cid: number) =>
  queryOptions({
    queryKey: labelKeys.all(cid),
    queryFn: () => api.get<Label[]>('/labels'),
    staleTime: 60_000,
  });

/** The palette the colour choice offers (any `#rrggbb` can be typed too). */
export const LABEL_COLORS = [
  '#ef4444',
  '#f97316',
  '#f59e0b',
  '#22c55e',
  '#10b981',
  '#06b6d4',
  '#3b82f6',
  '#6366f1',
  '#a855f7',
  '#ec4899',
  '#64748b',
] as const;

/** A label or a list changed: the list, and every record that shows labels, are read again. */
function useLabelsChanged(cid: number) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: labelKeys.all(cid) });
    // Rows, threads and customers carry labels by name: they read the new name now.
    void qc.invalidateQueries({ queryKey: ['company', cid] });
  };
}

export function useCreateLabel(cid: number) {
  return useWrite(
    (body: CreateLabelBody) => api.post<Label>('/labels', body),
    useLabelsChanged(cid),
    (l) => `Label “${l.name}” created`,
  );
}

export function useUpdateLabel(cid: number) {
  return useWrite(
    ({ id, body }: { id: number; body: UpdateLabelBody }) =>
      api.put<Label>('/labels', body, { query: { id } }),
    useLabelsChanged(cid),
    (l) => `Label “${l.name}” saved`,
  );
}

export function useDeleteLabel(cid: number) {
  return useWrite(
    (l: LabelRef) => api.delete('/labels', { query: { id: l.label_id } }),
    useLabelsChanged(cid),
    (_, l) => `Label “${l.name}” deleted`,
  );
}
