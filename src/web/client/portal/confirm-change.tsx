// The question a subscription change asks before it is made: what it becomes, for how much, and how it is billed.
// The confirm button takes the focus and is described by the question, so it is read out with it.
import { useEffect } from 'preact/hooks';
import { Button, type Translate } from '../shared/ui';

export function ConfirmChange(props: {
  t: Translate;
  id: string;
  question: string;
  billing: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const { t, id } = props;
  useEffect(() => document.getElementById(`${id}-confirm`)?.focus(), [id]);
  return (
    <div class="portal-confirm" role="group" aria-labelledby={`${id}-question`}>
      <p id={`${id}-question`} class="portal-confirm-question">
        {props.question}
      </p>
      <p id={`${id}-billing`}>{props.billing}</p>
      <div class="portal-actions">
        <Button id={`${id}-confirm`} busy={props.busy} aria-describedby={`${id}-billing`} onClick={props.onConfirm}>
          {props.confirmLabel}
        </Button>
        <Button variant="link" disabled={props.busy} onClick={props.onBack}>
          {t('portal.change.back')}
        </Button>
      </div>
    </div>
  );
}
