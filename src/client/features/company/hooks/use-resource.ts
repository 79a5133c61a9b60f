import { useCallback, useEffect, useState } from 'react';

export type Resource<T> =
  | { status: 'loading'; data: undefined; error: null; reload: () => void; setData: (data: T) => void }
  | { status: 'error'; data: undefined; error: unknown; reload: () => void; setData: (data: T) => void }
  | { status: 'ready'; data: T; error: null; reload: () => void; setData: (data: T) => void };

type State<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: T };

/**
 * One GET of the portal, re-run when `key` changes or on reload(); the previous request is aborted. While a reload
 * runs the last data stays on screen (lists do not flash), only the first load shows a loading state.
 */
export function useResource<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Resource<T> {
  const [state, setState] = useState<State<T>>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  const [loadedKey, setLoadedKey] = useState<string | null>(null);

  // A new key is a different resource: show its loading state rather than the previous one's data.
  if (key !== loadedKey) {
    setLoadedKey(key);
    setState({ status: 'loading' });
  }

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[company] request failed', key, error);
        setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
    // `load` is a fresh closure on each render; the key says what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  const setData = useCallback((data: T) => setState({ status: 'ready', data }), []);

  if (state.status === 'ready') return { status: 'ready', data: state.data, error: null, reload, setData };
  if (state.status === 'error') return { status: 'error', data: undefined, error: state.error, reload, setData };
  return { status: 'loading', data: undefined, error: null, reload, setData };
}
