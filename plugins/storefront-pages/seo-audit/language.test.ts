import { describe, expect, it } from 'vitest';
import { englishCounter, englishIn, vocabulary } from '../../../content/i18n/english-words';
import { auditPageLanguage } from './language';
import { readPageText } from './page-text';

/** A built page as our React output writes it. */
function page(
  lang: string,
  { title, description, body }: { title: string; description: string; body: string },
): string {
  return (
    `<!DOCTYPE html><html lang="${lang}"><head><title>${title}</title><meta name="description" ` +
    `content="${description}"/><script>window.x = "Add to cart"</script></head><body>${body}</body></html>`
  );
}

const germanBody =
  '<header><nav aria-label="Hauptnavigation"><a href="/de/">Startseite</a></nav></header><main><h1>Xiaomi ' +
  '15T Pro</h1>' +
  '<p>Das Xiaomi 15T Pro verbindet ein großes Display mit einer Leica-Kamera und einem starken Akku.</p>' +
  '<button type="button">In den Warenkorb</button><input type="search" placeholder="Suchen"/></main>';

const audit = (lang: string, html: string, indexable = true) => {
  const english = englishCounter(vocabulary(lang));
  return auditPageLanguage('https://shop.example/x/', readPageText(html), lang, english, indexable).map(
    (p) => `${p.kind}: ${p.detail}`,
  );
};

describe('the text of a built page', () => {
  it('reads title, description, text and read attributes; skips scripts, names, shoppers’ words, foreign parts', () => {
    const text = readPageText(
      page('de-DE', {
        title: 'Xiaomi 15T Pro kaufen',
        description: 'Beschreibung &amp; mehr',
        body:
          '<p>Hallo <b>Welt</b></p><img src="a.svg" alt="Produktbild"/><span translate="no">Jane Doe</span>' +
          '<p data-user-content="">Great phone, love it</p><a href="/en/" lang="en-US">English</a><div ' +
          'hidden="">Versteckt</div>' +
          '<style>.a{}</style><svg><title>Icon</title></svg><input type="hidden" value="x" aria-label="Unsichtbar"/>',
      }),
    );
    expect(text).toEqual({
      lang: 'de-DE',
      title: 'Xiaomi 15T Pro kaufen',
      description: 'Beschreibung & mehr',
      texts: ['Hallo', 'Welt', 'Produktbild'],
    });
  });
});

describe('English where another language is expected', () => {
  it('counts English words, but not brand and model names, abbreviations or words shared with English', () => {
    const de = vocabulary('de-DE');
    expect(englishIn('Das Xiaomi Smart Band 9 hat ein AMOLED-Display und NFC.', de).english).toEqual([]);
    expect(englishIn('Add to cart: the best phone for your day.', de).english).toEqual([
      'Add',
      'to',
      'cart',
      'the',
      'best',
      'phone',
      'for',
      'your',
      'day',
    ]);
    // Italian writes "a" and "in"; Polish writes "to"; none of them is English there.
    expect(englishIn('Spedizione gratuita a partire da 50 € in tutta Italia', vocabulary('it-IT')).english).toEqual([]);
    expect(englishIn('To jest najlepszy telefon', vocabulary('pl-PL')).english).toEqual([]);
    // Japanese has no spaces: the words are found by the language's segmenter.
    expect(englishIn('カートに追加しました。Free shipping', vocabulary('ja-JP')).english).toEqual(['Free', 'shipping']);
    // A Turkish case suffix on a name is part of the name's word, not the English "in".
    expect(
      englishIn("eSIM destekleyen cihazlar ve eSIM'in nasıl etkinleştirileceği.", vocabulary('tr-TR')).english,
    ).toEqual([]);
  });

  it('reads past web and mail addresses: a link or an address in a mail is no prose', () => {
    const ko = vocabulary('ko-KR');
    const link = 'http://127.0.0.1:8123/api/kr/site/register/verify?token=abc&scene=register';
    expect(englishIn(`아래 링크를 열어 가입을 완료하세요: ${link}`, ko).english).toEqual([]);
    expect(englishIn('문의: service.support@example.com', ko).english).toEqual([]);
    expect(englishIn('Verify your account now', ko).english).toEqual(['Verify', 'your', 'account', 'now']);
  });

  it('passes a page written in its language', () => {
    expect(
      audit(
        'de-DE',
        page('de-DE', {
          title: 'Xiaomi 15T Pro kaufen | Xiaomi Deutschland',
          description:
            'Das Xiaomi 15T Pro mit Leica-Kamera, großem Display und schnellem Laden: jetzt im offiziellen ' +
            'Store bestellen.',
          body: germanBody,
        }),
      ),
    ).toEqual([]);
  });

  it('fails on a planted English title, an English description, and English sentences in the text', () => {
    const planted = page('de-DE', {
      title: 'Buy the Xiaomi 15T Pro',
      description: 'The Xiaomi 15T Pro with a Leica camera: order now from the official store.',
      body:
        `${germanBody}<p>Free shipping on all orders over the threshold and easy returns within your ` +
        `cooling-off period.</p>`,
    });
    const problems = audit('de-DE', planted);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toBe('title-language: English in the title: "Buy", "the"');
    expect(problems[1]).toMatch(
      /^description-language: English in the description: "The", "with", "camera", "order", "now"/,
    );
    expect(problems[2]).toMatch(
      /^text-language: \d+\.\d % of \d+ words English: "Free", "shipping", "on", "all", "orders"/,
    );
  });

  it('fails on a description in another script, and lets a noindex page keep its description', () => {
    const korean = page('ko-KR', {
      title: 'Xiaomi 15T Pro',
      description: 'Xiaomi 15T Pro 5G 12GB 512GB',
      body: '<p>장바구니에 담기</p>',
    });
    expect(audit('ko-KR', korean)).toEqual([
      'description-language: description not in the ko-KR script: "Xiaomi 15T Pro 5G 12GB 512GB"',
    ]);
    expect(audit('ko-KR', korean, false)).toEqual([]);
  });

  it('fails on one English text in a long page whose English share is small', () => {
    const long =
      `${germanBody}<p>${'Das Gerät lädt schnell und hält lange durch. '.repeat(30)}</p><button>Add to ` +
      `cart</button>`;
    expect(audit('de-DE', page('de-DE', { title: 'Warenkorb', description: '', body: long }), false)).toEqual([
      'text-language: an English text: "Add to cart"',
    ]);
  });

  it('allows a short page two stray words, not three', () => {
    const short = (words: string) =>
      page('de-DE', { title: 'Warenkorb', description: '', body: `<p>Ihr Warenkorb ist leer. ${words}</p>` });
    expect(audit('de-DE', short('Order now'), false)).toEqual([]);
    expect(audit('de-DE', short('Order now please'), false)).toHaveLength(1);
  });

  it('checks nothing on an English page', () => {
    expect(
      audit(
        'en-US',
        page('en-US', {
          title: 'Buy the Xiaomi 15T Pro',
          description: 'The best phone.',
          body: '<p>Free shipping</p>',
        }),
      ),
    ).toEqual([]);
  });
});
