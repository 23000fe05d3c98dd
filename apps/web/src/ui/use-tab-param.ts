import { useSearchParams } from 'react-router';

/**
 * A page's tab kept in the URL as ?tab= (the first tab leaves it out), so a reload or a shared link
 * opens the same tab. Changing tabs replaces the history entry.
 */
export function useTabParam<T extends string>(tabs: readonly [T, ...T[]]): [T, (tab: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = (tabs as readonly string[]).includes(asked ?? '') ? (asked as T) : tabs[0];
  const setTab = (next: string | null) =>
    setParams(
      (p) => {
        if (!next || next === tabs[0]) p.delete('tab');
        else p.set('tab', next);
        return p;
      },
      { replace: true },
    );
  return [tab, setTab];
}
