import { useSignal } from '@preact/signals';
import { t } from '../lib/strings';
import { request } from '../request';
import { site } from '../state/site';
import type { HostProps } from '../contract';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import { storePath } from '../lib/store-path';
import { CodeForm } from './code-form';

type Props = HostProps<'user-area'>;
interface Fcode {
  code: string;
  productId: string;
  productName: string;
  endsAt: number;
  state: 'available' | 'used' | 'expired';
  orderId: string | null;
}

/** /user/fcode (and /user/f-code): redeem an F-code, see which products the codes unlock and whether they are used. */
export function FcodeCentre({ props }: { props: Props }) {
  const s = props.strings;
  const code = useSignal('');
  const message = useSignal('');
  const api = (path: string) => `${site.value.api}${path}`;
  const codes = useResource(() => request<{ fcodes: Fcode[] }>(api('/fcode/mine')).then((r) => r.fcodes), {
    strings: s,
    error: message,
  });
  const redeem = useSubmit(
    () => request<{ fcodes: Fcode[] }>(api('/fcode/redeem'), { body: { code: code.value }, json: true }),
    {
      strings: s,
      error: message,
      onSuccess: (r) => {
        codes.data.value = r.fcodes;
        message.value = t(s, 'fcode.redeemed');
        code.value = '';
      },
    },
  );
  return (
    <section class="fcode-centre" data-testid="fcode-centre">
      <CodeForm
        id="fcode-code"
        label={t(s, 'fcode.code')}
        button={t(s, 'fcode.redeem')}
        maxLength={16}
        code={code}
        message={message.value}
        onSubmit={() => void redeem.run()}
        testId="fcode-message"
      />
      {codes.data.value && codes.data.value.length === 0 ? <p>{t(s, 'fcode.none')}</p> : null}
      <ul>
        {(codes.data.value ?? []).map((f) => (
          <li key={f.code} data-fcode={f.code}>
            <strong>{f.code}</strong> · <a href={storePath(`product/${f.productId}/`)}>{f.productName}</a> ·{' '}
            {t(s, `fcode.state.${f.state}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}
