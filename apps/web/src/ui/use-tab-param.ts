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

/**
 * A page of tabs over an account filter (voice, messaging, API access): ?tab= and ?account= in the
 * URL; changing either starts every list from its first page, without the other tab's filters.
 */
export function useAccountTabs<T extends string>(tabs: readonly [T, ...T[]]) {
  const [params, setParams] = useSearchParams();
  const first = tabs[0];
  const asked = params.get('tab');
  const tab = (tabs as readonly string[]).includes(asked ?? '') ? (asked as T) : first;
  const update = (changes: Record<string, string>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams();
        const merged = { tab: prev.get('tab') ?? '', account: prev.get('account') ?? '', ...changes };
        for (const [k, v] of Object.entries(merged)) if (v && !(k === 'tab' && v === first)) next.set(k, v);
        return next;
      },
      { replace: true },
    );
  return {
    tab,
    account: params.get('account') ?? '',
    setTab: (next: string | null) => update({ tab: next ?? first }),
    setAccount: (account: string) => update({ account }),
  };
}
