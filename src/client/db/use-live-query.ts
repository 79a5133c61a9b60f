import { liveQuery, type Observable } from 'dexie';
import { useObservable } from 'dexie-react-hooks';
import { startTransition, type DependencyList } from 'react';

/**
 * dexie-react-hooks' useLiveQuery, with each new result rendered as a transition. The library re-renders its
 * component at once (a blocking render: the dashboard's lists took 40-80 ms on a slowed phone in one block); as a
 * transition React renders in slices between the browser's own work. Same arguments and results as the library's.
 */
export function useLiveQuery<T>(querier: () => Promise<T> | T, deps: DependencyList): T | undefined;
export function useLiveQuery<T, TDefault>(
  querier: () => Promise<T> | T,
  deps: DependencyList,
  defaultResult: TDefault,
): T | TDefault;
export function useLiveQuery<T, TDefault>(
  querier: () => Promise<T> | T,
  deps: DependencyList,
  defaultResult?: TDefault,
): T | TDefault | undefined {
  return useObservable(() => inTransitions(liveQuery(querier)), [...deps], defaultResult);
}

/** The observable, its values and errors delivered inside startTransition. */
function inTransitions<T>(observable: Observable<T>) {
  return {
    subscribe: (onNext: (value: T) => unknown, onError?: (error: unknown) => unknown) =>
      observable.subscribe({
        next: (value) => startTransition(() => void onNext(value)),
        error: (error: unknown) => startTransition(() => void onError?.(error)),
      }),
    // The library reads a value already there (none before the first query has answered) without subscribing.
    hasValue: () => observable.hasValue?.() ?? false,
    getValue: () => observable.getValue?.() as T,
  };
}
