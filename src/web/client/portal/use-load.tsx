// Loading what a section shows: the request's result, its failure as a message, and a way to try again.
import { useCallback, useEffect, useState } from 'preact/hooks';
import { ApiError } from '../shared/api';
import { Alert, Button, type Translate } from '../shared/ui';

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  reload: () => void;
  replace: (data: T) => void;
}

export function useLoad<T>(load: () => Promise<T>): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    load().then(
      (result) => current && (setData(result), setError(null)),
      (failure: unknown) => current && setError(failure instanceof ApiError ? failure.message : String(failure)),
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data, error, reload, replace: setData };
}

/** What a section shows before its data is there: a loading line, or the failure with a retry button. */
export function Pending(props: { t: Translate; error: string | null; retry: () => void }) {
  if (!props.error)
    return (
      <p class="muted" role="status">
        {props.t('common.loading')}
      </p>
    );
  return (
    <Alert kind="error">
      <p>{props.error}</p>
      <Button variant="secondary" onClick={props.retry}>
        {props.t('common.retry')}
      </Button>
    </Alert>
  );
}

/** A failed change's message: the server's when it said one, else a generic one. */
export function failureMessage(t: Translate, failure: unknown): string {
  return failure instanceof ApiError ? failure.message : t('common.unexpectedError');
}
