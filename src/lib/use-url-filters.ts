import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A list's filters kept in the URL's query string. `resultsKey` is the canonical query string of
 * the filters in force (empty when none). `apply` writes new filters as a new history entry (the
 * back button undoes a choice) or, with `replace`, in place of the current one; nothing is
 * written when they are the filters already in force.
 */
export function useUrlFilters<F extends object>(
  fromParams: (params: URLSearchParams) => F,
  toParams: (filters: F) => URLSearchParams,
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const filters = useMemo(() => fromParams(new URLSearchParams(search)), [fromParams, search]);
  const resultsKey = toParams(filters).toString();

  const apply = useCallback(
    (next: F, replace = false) => {
      const params = toParams(next);
      if (params.toString() !== resultsKey) setSearchParams(params, { replace });
    },
    [resultsKey, setSearchParams, toParams],
  );
  const onChange = useCallback(
    (patch: Partial<F>) => apply({ ...filters, ...patch }),
    [apply, filters],
  );
  const onClear = useCallback(() => apply({} as F), [apply]);
  return { filters, resultsKey, apply, onChange, onClear };
}
