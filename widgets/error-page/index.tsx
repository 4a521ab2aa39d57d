import { mountPreact } from '../lib/mount-preact';
import { t } from '../lib/strings';
import { propsOf, type BaseProps } from '../runtime/types';
import type { HostProps } from '../contract';

type ButtonType = 'retry' | 'refresh' | 'goBack' | 'goHome';

type Props = HostProps<'error-page'>;

/** The error page's buttons: retry, refresh (reload), go back (history −1), go home (site home). */
function ErrorButtons({ props }: { props: Props }) {
  const s = props.strings;
  const from = new URLSearchParams(location.search).get('from');
  const retryTarget = props.retryUrl ?? (from?.startsWith('/') && !from.startsWith('//') ? from : null);
  const actions: Record<ButtonType, [string, () => void]> = {
    retry: [t(s, 'error.retry'), () => (retryTarget ? location.assign(retryTarget) : location.reload())],
    refresh: [t(s, 'error.refresh'), () => location.reload()],
    goBack: [t(s, 'error.goBack'), () => history.go(-1)],
    goHome: [t(s, 'error.goHome'), () => location.assign(props.home ?? `/${props.urlLocal}/`)],
  };
  const buttons = props.buttons?.length ? props.buttons : (Object.keys(actions) as ButtonType[]);
  return (
    <div class="error-actions">
      {buttons.map((b) => (
        <button type="button" key={b} class={`error-actions__${b}`} onClick={actions[b][1]}>
          {actions[b][0]}
        </button>
      ))}
    </div>
  );
}

export function mount(host: HTMLElement, props: BaseProps): () => void {
  return mountPreact(host, <ErrorButtons props={propsOf<'error-page'>(props)} />);
}
