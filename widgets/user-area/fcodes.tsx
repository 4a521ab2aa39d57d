import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../lib/strings';
import { request } from '../request';
import { site } from '../state/site';
import type { HostProps } from '../contract';
import { failure } from '../lib/failure';
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
  const codes = useSignal<Fcode[] | null>(null);
  const code = useSignal('');
  const message = useSignal('');
  const api = (path: string) => `${site.value.api}${path}`;
  useEffect(() => {
    request<{ fcodes: Fcode[] }>(api('/fcode/mine')).then(
      (r) => (codes.value = r.fcodes),
      (e: unknown) => (message.value = failure(e, s).message),
    );
  }, []);
  const redeem = async () => {
    try {
      codes.value = (await request<{ fcodes: Fcode[] }>(api('/fcode/redeem'), { body: { code: code.value }, json: true })).fcodes;
      message.value = t(s, 'fcode.redeemed');
      code.value = '';
    } catch (err) {
      message.value = failure(err, s).message;
    }
  };
  return (
    <section class="fcode-centre" data-testid="fcode-centre">
      <CodeForm
        id="fcode-code"
        label={t(s, 'fcode.code')}
        button={t(s, 'fcode.redeem')}
        maxLength={16}
        code={code}
        message={message.value}
        onSubmit={() => void redeem()}
        testId="fcode-message"
      />
      {codes.value && codes.value.length === 0 ? <p>{t(s, 'fcode.none')}</p> : null}
      <ul>
        {(codes.value ?? []).map((f) => (
          <li key={f.code} data-fcode={f.code}>
            <strong>{f.code}</strong> · <a href={storePath(`product/${f.productId}/`)}>{f.productName}</a> · {t(s, `fcode.state.${f.state}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}
