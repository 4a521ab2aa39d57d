import { useSignal } from '@preact/signals';
import { EMAIL_PATTERN } from '../../region-config/validation';
import { jsonp, request, RequestError } from '../request';
import { mountPreact } from '../lib/mount-preact';
import { t } from '../lib/strings';
import { propsOf, type BaseProps } from '../runtime/types';
import type { HostProps } from '../contract';
import { toBase64 } from './base64';

/** The subscribe box is hidden for kr. */
const HIDDEN_FOR = ['kr'];

interface SubscribeReply {
  errno?: number;
  errNo?: number;
  errmsg?: string;
  errMsg?: string;
}

type Message = { kind: 'none' } | { kind: 'error' | 'success'; text: string };

/** Footer email subscribe (email rule, trimmed on change; JSONP call; messages). */
function Subscribe({ props }: { props: HostProps<'subscribe'> }) {
  const s = props.strings;
  const email = useSignal('');
  const invalid = useSignal(false);
  const busy = useSignal(false);
  const message = useSignal<Message>({ kind: 'none' });

  // Not useSubmit: this form has its own failure texts, and the hook's "try again later" text would be one more
  // string in the footer of every page (the string scan follows imports).
  const submit = async (e: Event) => {
    e.preventDefault();
    const value = email.value.trim();
    if (!EMAIL_PATTERN.test(value)) {
      invalid.value = true;
      message.value = { kind: 'error', text: t(s, 'footer.subscribe.invalidEmail') };
      return;
    }
    invalid.value = false;
    busy.value = true;
    try {
      const reply = await jsonp<SubscribeReply>(
        `${props.api}/misc/emailsubscribe`,
        { email: toBase64(value), secrweb: 'true' },
        'jsonpcallback',
      );
      const errno = reply.errno ?? reply.errNo ?? 0;
      message.value =
        errno === 0
          ? { kind: 'success', text: t(s, 'footer.subscribe.success') }
          : { kind: 'error', text: reply.errmsg || reply.errMsg || t(s, 'footer.subscribe.error') };
    } catch {
      message.value = { kind: 'error', text: t(s, 'toast.networkError') };
    } finally {
      busy.value = false;
    }
  };

  const msg = message.value;
  return (
    <form class="subscribe" onSubmit={submit} noValidate data-testid="subscribe-form">
      <label for="subscribe-email" class="subscribe__label">
        {t(s, 'footer.subscribe.placeholder')}
      </label>
      <div class="subscribe__row">
        <input
          id="subscribe-email"
          type="email"
          name="email"
          autoComplete="email"
          placeholder={props.placeholder || t(s, 'footer.subscribe.placeholder')}
          value={email.value}
          aria-invalid={invalid.value}
          aria-describedby="subscribe-message"
          onChange={(e) => (email.value = (e.target as HTMLInputElement).value.trim())}
          onInput={(e) => (email.value = (e.target as HTMLInputElement).value)}
        />
        <button type="submit" disabled={busy.value}>
          {t(s, 'footer.subscribe.button')}
        </button>
      </div>
      <p
        id="subscribe-message"
        class={`subscribe__message subscribe__message--${msg.kind}`}
        role={msg.kind === 'error' ? 'alert' : 'status'}
        data-testid="subscribe-message"
      >
        {msg.kind === 'none' ? '' : msg.text}
      </p>
    </form>
  );
}

/**
 * /misc/unsubscribe?token=: the storefront page of an unsubscribe link. The button unsubscribes (a POST, so a mail
 * scanner that follows links unsubscribes nobody) and the page then names the address that is unsubscribed. It
 * never shows a subscribe form; the links in mails open the server's page, which works without JavaScript.
 */
function Unsubscribe({ props }: { props: HostProps<'subscribe'> }) {
  const s = props.strings;
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const valid = /^[A-Za-z0-9_-]{20,100}$/.test(token);
  const invalid = t(s, 'unsubscribe.invalid');
  const message = useSignal<Message>(
    valid ? { kind: 'none' } : { kind: 'error', text: token ? invalid : t(s, 'unsubscribe.missing') },
  );
  const busy = useSignal(false);
  const unsubscribe = async () => {
    busy.value = true;
    try {
      const done = await request<{ unsubscribed: boolean; already?: boolean; email?: string }>(
        `${props.api}/misc/unsubscribe`,
        { body: { token }, json: true, redirectOnNotLoggedIn: false },
      );
      const email = done.email ?? '';
      message.value = {
        kind: 'success',
        text: done.already ? t(s, 'unsubscribe.already', { email }) : t(s, 'unsubscribe.done', { email }),
      };
    } catch (e) {
      message.value = {
        kind: 'error',
        text: e instanceof RequestError && e.errno !== -1 ? invalid : t(s, 'toast.networkError'),
      };
    } finally {
      busy.value = false;
    }
  };
  const msg = message.value;
  return (
    <div class="unsubscribe" data-testid="unsubscribe">
      {valid && msg.kind !== 'success' ? (
        <button type="button" class="button" disabled={busy.value} onClick={() => void unsubscribe()}>
          {t(s, 'subscribe.unsubscribe.button')}
        </button>
      ) : null}
      <p role={msg.kind === 'error' ? 'alert' : 'status'} data-testid="unsubscribe-message">
        {msg.kind === 'none' ? '' : msg.text}
      </p>
    </div>
  );
}

export function mount(host: HTMLElement, base: BaseProps): () => void {
  const props = propsOf<'subscribe'>(base);
  if (props.mode === 'unsubscribe') return mountPreact(host, <Unsubscribe props={props} />);
  if (HIDDEN_FOR.includes(props.local)) {
    host.replaceChildren();
    return () => undefined;
  }
  return mountPreact(host, <Subscribe props={props} />);
}
