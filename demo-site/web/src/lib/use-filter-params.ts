import { useSearchParams } from 'react-router';

/**
 * Filters kept in the address: the current query and a setter that replaces one parameter
 * (an empty value removes it) and a reset of them all, without adding history entries.
 */
export function useFilterParams<Name extends string>(): [URLSearchParams, (name: Name, value: string) => void, () => void] {
  const [params, setParams] = useSearchParams();
  const setFilter = (name: Name, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  const clearFilters = () => setParams(new URLSearchParams(), { replace: true });
  return [params, setFilter, clearFilters];
}
