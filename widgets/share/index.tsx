import { useSignal } from '@preact/signals';
import { mountPreact } from '../lib/mount-preact';
import {
  DEFAULT_SHARE_NETWORKS,
  popupFeatures,
  SHARE_NETWORK_NAMES,
  shareTarget,
  type ShareNetwork,
  type SharePayload,
} from '../lib/share-links';
import { t } from '../lib/strings';
import { propsOf, type BaseProps } from '../runtime/types';
import type { HostProps } from '../contract';
import { ShareLanding } from './landing';

type Props = HostProps<'share'>;

function Share({ props }: { props: Props }) {
  const s = props.strings;
  const copied = useSignal<'none' | 'ok' | 'failed'>('none');
  const payload: SharePayload = {
    url: props.url ?? location.href,
    text: props.title ?? document.title,
    image: props.image,
    hashtag: props.hashtag,
    ...props.payload,
  };
  const networks = props.networks?.length ? props.networks : DEFAULT_SHARE_NETWORKS;

  const share = async (network: ShareNetwork) => {
    const target = shareTarget(network, payload, location.href);
    if (network !== 'clipboard') {
      window.open(
        target,
        `share-${network}`,
        popupFeatures(screen.availWidth || screen.width, screen.availHeight || screen.height),
      );
      return;
    }
    try {
      await navigator.clipboard.writeText(target);
      copied.value = 'ok';
    } catch {
      copied.value = 'failed';
    }
  };

  return (
    <div class="share" role="group" aria-label={t(s, 'share.title')}>
      {networks.map((n) => (
        <button
          type="button"
          key={n}
          class={`share__button share__button--${n}`}
          data-network={n}
          onClick={() => void share(n)}
        >
          {n === 'clipboard' ? t(s, 'share.copyLink') : SHARE_NETWORK_NAMES[n]}
        </button>
      ))}
      <span role="status" class="share__status">
        {copied.value === 'ok' ? t(s, 'share.copied') : copied.value === 'failed' ? t(s, 'share.copyFailed') : ''}
      </span>
    </div>
  );
}

export function mount(host: HTMLElement, props: BaseProps): () => void {
  const p = propsOf<'share'>(props);
  return mountPreact(host, p.mode === 'landing' ? <ShareLanding strings={p.strings} /> : <Share props={p} />);
}
